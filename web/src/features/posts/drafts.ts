import { MESSAGE_MAX } from "../../../../contract/posts";

/**
 * Unsent messages, one per user and channel, in this browser's local storage: a draft survives
 * switching channels and reloading, is cleared when it is sent, and every draft goes when the
 * signed-in record on this device ends (sign-out or an ended session: `forgetDrafts`).
 */
const PREFIX = "votespace_draft:";

const keyOf = (userId: string, channelId: string) => `${PREFIX}${userId}:${channelId}`;

export function readDraft(userId: string | undefined, channelId: string): string {
  if (!userId) return "";
  try {
    return (localStorage.getItem(keyOf(userId, channelId)) ?? "").slice(0, MESSAGE_MAX);
  } catch {
    return "";
  }
}

/** Keeps the text as the channel's draft; an empty (or blank) text removes it. */
export function writeDraft(userId: string | undefined, channelId: string, value: string): void {
  if (!userId) return;
  try {
    if (value.trim()) localStorage.setItem(keyOf(userId, channelId), value.slice(0, MESSAGE_MAX));
    else localStorage.removeItem(keyOf(userId, channelId));
  } catch {
    // Storage full or refused (private mode): the draft lives only as long as the page.
  }
}

/** Every draft in this browser, of any user. */
export function forgetDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
