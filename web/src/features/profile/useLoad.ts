import { useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "../../ui/messageOf";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: string };

/** Loads once, and again on `reload()`; the newest request wins. */
export function useLoad<T>(fetch: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const data = await fetchRef.current();
      if (request === latest.current) setState({ status: "ready", data });
    } catch (failure) {
      if (request === latest.current) setState({ status: "error", error: messageOf(failure) });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
