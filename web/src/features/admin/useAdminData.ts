import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AnyEndpoint, EndpointResponse } from "../../../../contract/endpoint";
import type { CallArgs } from "../../api/client";
import { endpointKey, type QueryOptions, useEndpointQuery } from "../../api/query";
import { useAdminSession } from "./AdminSession";

export type Load<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: T | null; error: string };

/**
 * What a tab shows, read through the query layer (newest answer wins, cache, retry) and loaded
 * again when its input changes or on `reload()`. The last answer stays on screen while the next
 * loads. An ended admin session sends the admin to sign in.
 */
export function useAdminData<E extends AnyEndpoint & { method: "GET" }>(endpoint: E, ...args: CallArgs<E>) {
  const { handleFailure } = useAdminSession();
  const queryClient = useQueryClient();
  const [input] = args;
  const options: QueryOptions<E> = { placeholderData: keepPreviousData };
  const query = useEndpointQuery(
    endpoint,
    ...([input, options] as unknown as [...CallArgs<E>, QueryOptions<E>]),
  );
  useEffect(() => {
    if (query.error) handleFailure(query.error);
  }, [query.error, handleFailure]);

  const data = (query.data ?? null) as EndpointResponse<E> | null;
  const load: Load<EndpointResponse<E>> =
    query.isFetching || (data === null && !query.isError)
      ? { status: "loading", data }
      : query.isError
        ? { status: "error", data, error: query.error.message }
        : { status: "ready", data: data as EndpointResponse<E> };
  return {
    load,
    reload: () => query.refetch(),
    setData: (next: EndpointResponse<E>) => queryClient.setQueryData(endpointKey(endpoint, input), next),
  };
}
