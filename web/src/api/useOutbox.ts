import { useCallback, useRef } from "react";

/**
 * What a composer sends: each item goes out after the one before it has gone, in the order sent,
 * however fast they come, so the box can be emptied at once and the next one written while the
 * last is on its way. When one is refused, it and those sent after it (not yet gone, so never
 * out of order) come back to `refused`, in order, to be given back to the writer: nothing
 * written is lost.
 */
export function useOutbox<Item>(
  deliver: (item: Item) => Promise<unknown>,
  refused: (items: Item[], failure: unknown) => void,
): (item: Item) => void {
  const handlers = useRef({ deliver, refused });
  handlers.current = { deliver, refused };
  /** The items not yet gone, the first on its way. */
  const waiting = useRef<Item[]>([]);
  const sending = useRef(false);
  return useCallback((item: Item) => {
    waiting.current.push(item);
    if (sending.current) return;
    sending.current = true;
    void (async () => {
      for (let next = waiting.current[0]; next !== undefined; next = waiting.current[0]) {
        try {
          await handlers.current.deliver(next);
          waiting.current.shift();
        } catch (failure) {
          handlers.current.refused(waiting.current.splice(0), failure);
        }
      }
      sending.current = false;
    })();
  }, []);
}
