import type { Reaction } from "../../../../contract/posts";

/**
 * Reactions from an event (the message as anyone sees it, `mine` false) with this viewer's own
 * kept from what was known, except `change`: the viewer's own change heard from another tab.
 */
export function keepMine(
  known: Reaction[] | undefined,
  incoming: Reaction[],
  change?: { emoji: string; reacted: boolean },
): Reaction[] {
  const mine = new Set((known ?? []).filter((reaction) => reaction.mine).map((reaction) => reaction.emoji));
  if (change) {
    if (change.reacted) mine.add(change.emoji);
    else mine.delete(change.emoji);
  }
  return incoming.map((reaction) => ({ ...reaction, mine: mine.has(reaction.emoji) }));
}
