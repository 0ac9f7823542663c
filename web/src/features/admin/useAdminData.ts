import { useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "../../ui/messageOf";
import { useAdminSession } from "./AdminSession";

export type Load<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: T | null; error: string };

/**
 * Loads what a tab shows and loads it again when its inputs change or on `reload()`. The last
 * answer stays on screen while the next loads; only the newest request may land. An ended admin
 * session sends the admin to sign in.
 */
export function useAdminData<T>(fetch: () => Promise<T>, inputs: unknown[]) {
  const { handleFailure } = useAdminSession();
  const [load, setLoad] = useState<Load<T>>({ status: "loading", data: null });
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoad((previous) => ({ status: "loading", data: previous.data }));
    try {
      const data = await fetchRef.current();
      if (request === latest.current) setLoad({ status: "ready", data });
    } catch (failure) {
      if (request !== latest.current) return;
      handleFailure(failure);
      setLoad((previous) => ({
        status: "error",
        data: previous.data,
        error: messageOf(failure),
      }));
    }
  }, [handleFailure]);

  // The inputs that change the answer, as one comparable value.
  const key = JSON.stringify(inputs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the caller's inputs: a change loads again
  useEffect(() => {
    void reload();
  }, [reload, key]);

  return { load, reload, setData: (data: T) => setLoad({ status: "ready", data }) };
}
