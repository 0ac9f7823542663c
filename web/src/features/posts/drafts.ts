import { MESSAGE_MAX } from "../../../../contract/posts";
import { DRAFT_PREFIX as PREFIX } from "../accounts/keptOnDevice";

/**
 * Unsent messages, one per user and place (a channel's id; `conversation:` and a contact's id;
 * `comment:` and a post's id), in this browser's local storage: a draft survives leaving its box
 * (another channel, the chat panel closed, the thread left) and reloading, is cleared when it is
 * sent, and every draft goes when the signed-in record on this device ends (sign-out or an ended
 * session: `forgetKeptOnDevice`). A refused message comes back into its box's text, so into the
 * draft: the place's next box has it even when the box it came back to closed at once.
 */
const keyOf = (userId: string, place: string) => `${PREFIX}${userId}:${place}`;

export function readDraft(userId: string | undefined, place: string, max = MESSAGE_MAX): string {
  if (!userId) return "";
  try {
    return (localStorage.getItem(keyOf(userId, place)) ?? "").slice(0, max);
  } catch {
    return "";
  }
}

/** Keeps the text as the place's draft; an empty (or blank) text removes it. */
export function writeDraft(
  userId: string | undefined,
  place: string,
  value: string,
  max = MESSAGE_MAX,
): void {
  if (!userId) return;
  try {
    if (value.trim()) localStorage.setItem(keyOf(userId, place), value.slice(0, max));
    else localStorage.removeItem(keyOf(userId, place));
  } catch {
    // Storage full or refused (private mode): the draft lives only as long as the page.
  }
}
