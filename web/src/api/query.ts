import {
  type Query,
  QueryClient,
  type QueryFilters,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import type { AnyEndpoint, EndpointInput, EndpointResponse } from "../../../contract/endpoint";
import { type CallArgs, call } from "./client";
import { ApiError, NetworkError } from "./http";

/** Worth trying again: the server could not be reached, or answered "unavailable" (503). */
function transient(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status === 503);
}

/**
 * The one query client of the app (main.tsx). Reads are not refetched on window focus (a screen's
 * data changes through its own writes and realtime events); a transient failure is tried twice more.
 * Every read and write is tried whatever the browser says of its network (`networkMode: "always"`):
 * by default one made after an `offline` event waited, without a word, for an `online` event (a
 * button stayed on "Verifying..." for good on a lost network, and a server on the organization's
 * own network may answer when the browser thinks itself offline); now it is sent, and a network
 * that is really gone gives its one message (NetworkError). Reads on screen are made again when the
 * browser is back online (refetchOnReconnect).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: "always",
        retry: (failures, error) => failures < 2 && transient(error),
        retryDelay: (attempt) => 500 * 2 ** attempt,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: "always", retry: false },
    },
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch" && !event.action.meta?.fetchMore)
      readBegun.set(event.query, performance.now());
  });
  return client;
}

/** When each read's latest fetch began (performance.now()), an older page's aside: readFromNow's `since`. */
const readBegun = new WeakMap<Query, number>();

type GetEndpoint = AnyEndpoint & { method: "GET" };

/** The reads, by query client, already set to read again after the read on its way: their promise. */
const readingAgain = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * A read begun after this moment, whose answer replaces what was read before: after a change the
 * screen was told of, or a subscription confirmed (events before it were missed). This is the one
 * way to say "read it again" to reads kept live: `invalidateQueries` and `refetch` join a first load
 * on its way, read on the server before now, and its answer stood for good. A read on its way does
 * not count: it is left to land (never cancelled: it may be an older page being fetched) and the
 * read made again after it, once however many ask meanwhile. Matches by prefix, as
 * `invalidateQueries` does (`exact` for one read, `predicate` to choose): reads on screen are read,
 * the others marked stale (read when next shown). With `since` (from a subscription's confirmation:
 * useTopic), a read whose latest fetch began after it missed nothing and is left as it is, so a
 * first load is not read twice when its topic was quiet. Resolves when the reads have landed.
 */
export function readFromNow(
  queryClient: QueryClient,
  queryKey: QueryKey,
  which: Pick<QueryFilters, "exact" | "predicate"> & { since?: number } = {},
): Promise<void> {
  const { since, predicate, exact } = which;
  const filters: QueryFilters = {
    queryKey,
    exact,
    predicate: (query) =>
      (predicate?.(query) ?? true) && !(since !== undefined && (readBegun.get(query) ?? -1) >= since),
  };
  void queryClient.invalidateQueries({ ...filters, refetchType: "none" });
  const onScreen = queryClient.getQueryCache().findAll({ ...filters, type: "active" });
  return Promise.all(
    onScreen.map((query) => readOneFromNow(queryClient, query.queryKey, query.queryHash)),
  ).then(() => undefined);
}

function readOneFromNow(queryClient: QueryClient, queryKey: QueryKey, queryHash: string): Promise<void> {
  const query = queryClient.getQueryCache().get(queryHash);
  const refetch = () => queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
  if (query?.state.fetchStatus !== "fetching") return refetch();
  let pending = readingAgain.get(queryClient);
  if (!pending) {
    pending = new Map();
    readingAgain.set(queryClient, pending);
  }
  const waiting = pending.get(queryHash);
  if (waiting) return waiting;
  // The first refetch joins the read on its way; the second reads again.
  const again = refetch()
    .then(refetch)
    .finally(() => pending.delete(queryHash));
  pending.set(queryHash, again);
  return again;
}

/**
 * A change (a message sent, an event) written into a read's cached data. A read on its way may
 * have been read on the server before the change, and its answer would undo it (a first load holds
 * nothing to write into): the read is made again after it (readFromNow), as after a reconnect. A
 * read never started is left alone.
 */
export function writeOrReadAgain<T>(queryClient: QueryClient, queryKey: QueryKey, change: (data: T) => T) {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query) return;
  if (query.state.data !== undefined) queryClient.setQueryData<T>(queryKey, (data) => data && change(data));
  if (query.state.fetchStatus === "fetching" || query.state.data === undefined)
    void readFromNow(queryClient, queryKey, { exact: true });
}

/**
 * The cache key of a read: the endpoint's path, then its input (`{}` when none). Keys match by
 * prefix, so `readFromNow(queryClient, endpointKey(e))` refreshes every input of `e` (all
 * pages of a list), while `setQueryData(endpointKey(e), data)` writes the read without input.
 */
export function endpointKey<E extends AnyEndpoint>(
  endpoint: E,
  input?: EndpointInput<E>,
): readonly unknown[] {
  return [endpoint.path, input ?? {}];
}

export type QueryOptions<E extends AnyEndpoint> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error>,
  "queryKey" | "queryFn"
>;

/**
 * Reads a declared GET endpoint: loading, error, retry, cache, deduplication and "the newest
 * answer wins" come from TanStack Query. `input` is the endpoint's params and query.
 */
export function useEndpointQuery<E extends GetEndpoint>(
  endpoint: E,
  ...args: [...CallArgs<E>, options?: QueryOptions<E>]
) {
  const [input, options] = args as unknown as [EndpointInput<E> | undefined, QueryOptions<E> | undefined];
  return useQuery<EndpointResponse<E>, Error>({
    queryKey: endpointKey(endpoint, input),
    queryFn: () => call(endpoint, ...([input] as CallArgs<E>)),
    ...options,
  });
}

/** Where reads that make one screen together stand (the workspace's, a calendar's month). */
export type LoadStatus = "loading" | "ready" | "error";

/**
 * The one state of several reads, derived from the queries: "error" with its failure when one
 * failed with nothing to show (a failed refetch keeps the last data, so it stays "ready"), "ready"
 * when every one has data, else "loading".
 */
export function loadStatusOf(
  queries: ReadonlyArray<Pick<UseQueryResult<unknown, Error>, "isError" | "data" | "error">>,
): { status: LoadStatus; failure: Error | null } {
  const failed = queries.find((query) => query.isError && query.data === undefined);
  if (failed) return { status: "error", failure: failed.error };
  return { status: queries.every((query) => query.data !== undefined) ? "ready" : "loading", failure: null };
}

/** Writes through a declared endpoint; `mutate(input)` / `mutateAsync(input)` take its input. */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  options?: Omit<UseMutationOptions<EndpointResponse<E>, Error, EndpointInput<E>>, "mutationFn">,
) {
  return useMutation<EndpointResponse<E>, Error, EndpointInput<E>>({
    mutationFn: (input) => call(endpoint, ...([input] as CallArgs<E>)),
    ...options,
  });
}
