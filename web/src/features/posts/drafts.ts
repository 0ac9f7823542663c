import { MESSAGE_MAX } from "../../../../contract/posts";
import { DRAFT_PREFIX as PREFIX } from "../accounts/keptOnDevice";

/**
 * Unsent messages, one per user and channel, in this browser's local storage: a draft survives
 * switching channels and reloading, is cleared when it is sent, and every draft goes when the
 * signed-in record on this device ends (sign-out or an ended session: `forgetKeptOnDevice`).
 */
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
