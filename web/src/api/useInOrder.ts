import { useCallback, useRef } from "react";

/**
 * Runs the jobs given one after another, in the order given, however fast they come: a message
 * written and sent while the one before is still on its way goes out after it, so the box can be
 * emptied at once and the next one written (chat's and a channel's composers). A job that fails
 * does not hold up the ones after it.
 */
export function useInOrder() {
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(<T>(job: () => Promise<T>): Promise<T> => {
    const next = last.current.then(job);
    last.current = next.catch(() => undefined);
    return next;
  }, []);
}
