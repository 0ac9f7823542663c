import {
  MutationCache,
  type Query,
  QueryCache,
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
import { type Moment, momentNow, notBefore } from "./moment";
import { sessionLost } from "./sessionLost";

/** Worth trying again: the server could not be reached, or answered "unavailable" (503). */
function transient(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status === 503);
}

/** Refused by the server for what was asked (403, 404...), not for the moment (a timeout, too many requests). */
const refused = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * The one query client of the app (main.tsx). Reads are not refetched on window focus (a screen's
 * data changes through its own writes and realtime events), except a read that asks for it (the
 * channel's election: a voter's cast sends no event); a transient failure is tried twice more.
 * Every read and write is tried whatever the browser says of its network (`networkMode: "always"`):
 * by default one made after an `offline` event waited, without a word, for an `online` event (a
 * button stayed on "Verifying..." for good on a lost network, and a server on the organization's
 * own network may answer when the browser thinks itself offline); now it is sent, and a network
 * that is really gone gives its one message (NetworkError). Reads on screen are made again when the
 * browser is back online (refetchOnReconnect). A 401 tells the session's holder (sessionLost.ts).
 */
export function createQueryClient(): QueryClient {
  // A read or write refused for want of a session: it may have ended elsewhere (sessionLost.ts).
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) sessionLost();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
    if (event.type !== "updated") return;
    const { action, query } = event;
    // A fetch counts from when it began, once it answered: an older page's does not (the pages
    // held were read before it), nor a fetch that failed or was cancelled, nor a write by hand. A
    // refusal with nothing held is the server's answer too (a suspended organization's room): read
    // again when its topic's subscription is confirmed, it would only be refused again.
    if (action.type === "fetch") fetching.set(query, action.meta?.fetchMore ? null : momentNow());
    else if (action.type === "success" && !action.manual) {
      const begun = fetching.get(query);
      if (begun) readBegun.set(query, begun);
      // Stale, and read again at once if it is on screen again (turned on while the fetch was on its way).
      if (staleWhenLanded.delete(query))
        queueMicrotask(() => void client.invalidateQueries({ queryKey: query.queryKey, exact: true }));
    } else if (action.type === "error") {
      staleWhenLanded.delete(query);
      const begun = fetching.get(query);
      if (begun && query.state.data === undefined && refused(action.error)) readBegun.set(query, begun);
    }
  });
  return client;
}

/** When the fetch on its way began (null: an older page's). */
const fetching = new WeakMap<Query, Moment | null>();
/** When the read whose answer is held (or whose refusal is shown) began: readFromNow's `since` leaves a read begun after it. */
const readBegun = new WeakMap<Query, Moment>();
/**
 * Reads off screen (turned off, or with no one showing them) whose fetch on its way was read
 * before a change: its answer marks them fresh as it lands, so they are marked stale again then,
 * to be read when next on.
 */
const staleWhenLanded = new WeakSet<Query>();

type GetEndpoint = AnyEndpoint & { method: "GET" };

/** A read set to be made again after the read on its way. */
interface ReadingAgain {
  /** The read again is on its way (not the one it waited for). */
  reading: boolean;
  /** Asked again meanwhile: one more read after it. */
  more: boolean;
  done: Promise<void>;
}

/** The reads, by query client, already set to read again after the read on its way. */
const readingAgain = new WeakMap<QueryClient, Map<string, ReadingAgain>>();

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
  which: Pick<QueryFilters, "exact" | "predicate"> & { since?: Moment } = {},
): Promise<void> {
  const { since, predicate, exact } = which;
  const filters: QueryFilters = {
    queryKey,
    exact,
    predicate: (query) => (predicate?.(query) ?? true) && !missedNothing(query, since),
  };
  const cache = queryClient.getQueryCache();
  const onScreen = cache.findAll({ ...filters, type: "active" });
  void queryClient.invalidateQueries({ ...filters, refetchType: "none" });
  for (const query of cache.findAll({ ...filters, type: "inactive", fetchStatus: "fetching" })) {
    const begun = fetching.get(query);
    if (!(since && begun && notBefore(begun, since))) staleWhenLanded.add(query);
  }
  return Promise.all(
    onScreen.map(async (query) => {
      // A read on its way begun after `since` misses nothing: its answer is enough, if it comes.
      const begun = fetching.get(query);
      if (since && begun && query.state.fetchStatus === "fetching" && notBefore(begun, since)) {
        await refetchOne(queryClient, query);
        if (missedNothing(query, since)) return;
      }
      await readOneFromNow(queryClient, query);
    }),
  ).then(() => undefined);
}

/** Whether the read whose answer is held began after `since`: it missed nothing. */
function missedNothing(query: Query, since: Moment | undefined): boolean {
  const begun = readBegun.get(query);
  return since !== undefined && begun !== undefined && notBefore(begun, since);
}

/** A read of `query`: the one on its way joined (never cancelled), else a new one. */
const refetchOne = (queryClient: QueryClient, query: Query) =>
  queryClient.refetchQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });

/** Asked again while a read again is on its way: the next read waits this long, gathering the asks. */
const READ_AGAIN_GAP_MS = 250;

/**
 * One read of `query` made from now, whose answer lands: made again when it was cancelled for
 * another fetch (Load earlier's older page cancels a read on its way, and its promise then
 * resolves with that page's); not after a failure (the next ask or reconnect tries again). A read
 * turned off is not made: it is marked stale, to be read when it is on again (a read on its way
 * that landed meanwhile marked it fresh, read before now as it was).
 */
async function readOnce(queryClient: QueryClient, query: Query): Promise<void> {
  for (;;) {
    const before = fetching.get(query);
    const read = refetchOne(queryClient, query);
    // Its 'fetch' is dispatched as it starts (none: it was not made, the read being off).
    const started = fetching.get(query);
    await read;
    if (started === before) {
      await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" });
      return;
    }
    // Landed or failed; else cancelled for another fetch, and made again.
    if (readBegun.get(query) === started || fetching.get(query) === started) return;
  }
}

function readOneFromNow(queryClient: QueryClient, query: Query): Promise<void> {
  const { queryHash } = query;
  if (query.state.fetchStatus !== "fetching") return readOnce(queryClient, query);
  let pending = readingAgain.get(queryClient);
  if (!pending) {
    pending = new Map();
    readingAgain.set(queryClient, pending);
  }
  const waiting = pending.get(queryHash);
  if (waiting) {
    // Asked while the read again is on its way (it may have been read before now): once more after it.
    if (waiting.reading) waiting.more = true;
    return waiting.done;
  }
  const again: ReadingAgain = { reading: false, more: false, done: Promise.resolve() };
  // The first refetch joins the read on its way; then it is read again, and again while asked
  // meanwhile, READ_AGAIN_GAP_MS after (a busy topic reads at most a few times a second).
  again.done = (async () => {
    try {
      await refetchOne(queryClient, query);
      again.reading = true;
      for (;;) {
        again.more = false;
        await readOnce(queryClient, query);
        if (!again.more) break;
        await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_GAP_MS));
      }
    } finally {
      pending.delete(queryHash);
    }
  })();
  pending.set(queryHash, again);
  return again.done;
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
 * pages of a list), and a part of an input (its params without its query) every read that has it,
 * while `setQueryData(endpointKey(e), data)` writes the read without input.
 */
export function endpointKey<E extends AnyEndpoint>(
  endpoint: E,
  input?: Partial<EndpointInput<E>>,
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
