import { useEffect, useMemo, useRef, useState } from "react";
import { unreachable } from "./http";

/**
 * A message that came back unsent because its answer never came (the connection dropped): the
 * server may have written it. Once the list shows a message under its id (its realtime event, or a
 * read catching up), it was sent after all: `settle` is called once with it, and the composer takes
 * its text out of the box and its failure notice away, so it is not offered to be sent twice. The
 * list may show it before the failure is known (the event came first) or after: either way.
 */
export function useLostSend<Item extends { id: string }>(
  shown: (id: string) => boolean,
  settle: (item: Item) => void,
) {
  const [lost, setLost] = useState<Item | null>(null);
  const arrived = lost !== null && shown(lost.id);
  const settleNow = useRef(settle);
  settleNow.current = settle;
  useEffect(() => {
    if (!arrived || !lost) return;
    setLost(null);
    settleNow.current(lost);
  }, [arrived, lost]);
  return useMemo(
    () => ({
      /** Items came back refused by `failure`; the first was on its way, and unanswered it may be written. */
      back(items: Item[], failure: unknown): void {
        setLost(unreachable(failure) ? (items[0] ?? null) : null);
      },
      /** Something is sent (again or anew): nothing waits to be settled. */
      clear(): void {
        setLost(null);
      },
    }),
    [],
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
