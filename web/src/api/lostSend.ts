import { useEffect, useMemo, useReducer, useRef } from "react";

/**
 * A message that came back unsent because its answer never came (the connection dropped): the
 * server may have written it. Once the list shows a message under its id (its realtime event, or a
 * read catching up), it was sent after all: `settle` is called once with it, and the composer takes
 * its text out of the box and its failure notice away, so it is not offered to be sent twice. The
 * list may show it before the failure is known (the event came first) or after: either way. `lost`
 * is the place's (useOutbox `lost`), so the place's next box settles it if this one closes first.
 */
export function useLostSend<Item extends { id: string }>(
  lost: { current: Item | null },
  shown: (id: string) => boolean,
  settle: (item: Item) => void,
) {
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const waiting = lost.current;
  const arrived = waiting !== null && shown(waiting.id);
  const settleNow = useRef(settle);
  settleNow.current = settle;
  useEffect(() => {
    if (!arrived || !waiting || lost.current !== waiting) return;
    lost.current = null;
    changed();
    settleNow.current(waiting);
  }, [arrived, waiting, lost]);
  return useMemo(
    () => ({
      /** Items came back; the first was on its way, and may have been written (useOutbox `ids.back` says). */
      back(items: Item[], firstMayBeWritten: boolean): void {
        lost.current = firstMayBeWritten ? (items[0] ?? null) : null;
        changed();
      },
      /** Something is sent (again or anew): nothing waits to be settled. */
      clear(): void {
        lost.current = null;
        changed();
      },
    }),
    [lost],
  );
}

/**
 * The box once `sent` (the first of the messages that came back, joined with `separator` in front of
 * what was written since) is taken out of it; the box as it is when it no longer starts with it.
 */
export function withoutSent(box: string, sent: string, separator: string): string {
  if (box === sent) return "";
  return box.startsWith(sent + separator) ? box.slice(sent.length + separator.length) : box;
}
