import { keptForUser } from "../../api/keptForUser";

/* What the unread counts remember between events, per channel, for the signed-in user. */

/** Per channel, the latest moment it was read in one of the user's tabs (`channel.read`). */
export const readUpTo = new Map<string, number>();
/** Per channel, when the latest message counted here was written. */
export const countedUpTo = new Map<string, number>();
/**
 * Per channel, the latest message of those only the server can count (written around a read in
 * another tab): asked once ASK_AFTER_MS has passed, unless a later read covers them by then (a tab
 * reading a busy channel marks it read every few hundred ms).
 */
const askUpTo = new Map<string, number>();
const ASK_AFTER_MS = 1500;
let asking: ReturnType<typeof setTimeout> | undefined;

/** Leaves a channel's count to the server, up to `upTo`: `readAgain` soon, unless a later read covers it. */
export function askServer(channelId: string, upTo: number, readAgain: () => void): void {
  askUpTo.set(channelId, Math.max(upTo, askUpTo.get(channelId) ?? upTo));
  if (asking) return;
  asking = setTimeout(() => {
    asking = undefined;
    const uncovered = [...askUpTo].some(
      ([id, last]) => !((readUpTo.get(id) ?? Number.NEGATIVE_INFINITY) >= last),
    );
    askUpTo.clear();
    if (uncovered) readAgain();
  }, ASK_AFTER_MS);
}

/** Another user, or none, is signed in: nothing kept for the one before applies. */
export function forgetReadTimes(): void {
  readUpTo.clear();
  countedUpTo.clear();
  askUpTo.clear();
  clearTimeout(asking);
  asking = undefined;
}

keptForUser(forgetReadTimes);
