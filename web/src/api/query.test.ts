import {
  type InfiniteData,
  InfiniteQueryObserver,
  MutationObserver,
  onlineManager,
  QueryObserver,
} from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, NetworkError } from "./http";
import { momentBefore, momentNow } from "./moment";
import { createQueryClient, readFromNow, writeOrReadAgain } from "./query";

const unreachable = "Could not reach the Votespace server. Check your connection and try again.";

/** What a browser does offline: an `offline` event, then every request fails. */
function goOffline() {
  onlineManager.setOnline(false);
  vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe("the query client when the browser says it is offline", () => {
  it("sends a write and says why it failed, where it held the write back without a word", async () => {
    const client = createQueryClient();
    goOffline();
    const write = new MutationObserver(client, { mutationFn: () => api("POST", "/api/anything", {}) });
    await expect(write.mutate()).rejects.toThrow(unreachable);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends a read (tried again as any network failure) and says why it failed", async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      goOffline();
      const read = client.fetchQuery({
        queryKey: ["anything"],
        queryFn: () => api("GET", "/api/anything"),
        retry: client.getDefaultOptions().queries?.retry,
      });
      const failed = expect(read).rejects.toBeInstanceOf(NetworkError);
      await vi.runAllTimersAsync();
      await failed;
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers what a server on the organization's own network answers, whatever the browser thinks", async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: true }), { status: 200 })),
    );
    const write = new MutationObserver(client, { mutationFn: () => api("POST", "/api/anything", {}) });
    await expect(write.mutate()).resolves.toEqual({ ok: true });
  });
});

/**
 * A read the test answers by hand: each call of the server is held until `answer` gives what the
 * server held when the call was read there; `server` is what it holds now.
 */
function heldReads() {
  const calls: Array<() => void> = [];
  const state = { server: 0 };
  const queryFn = () =>
    new Promise<{ n: number }>((resolve) => {
      const readThen = state.server;
      calls.push(() => resolve({ n: readThen }));
    });
  const answer = async (i: number) => {
    calls[i]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { calls, state, queryFn, answer };
}

/** A read of ["count"] on screen (an observer subscribed), answered by hand (heldReads). */
function countOnScreen() {
  const client = createQueryClient();
  const reads = heldReads();
  const observer = new QueryObserver(client, { queryKey: ["count"], queryFn: reads.queryFn });
  const unsubscribe = observer.subscribe(() => {});
  return { client, reads, observer, unsubscribe };
}

/** An infinite read of ["pages"] on screen, its first page answered (heldReads; page n is page n). */
async function pagesOnScreen() {
  const client = createQueryClient();
  const reads = heldReads();
  const observer = new InfiniteQueryObserver(client, {
    queryKey: ["pages"],
    queryFn: reads.queryFn,
    initialPageParam: 0,
    getNextPageParam: (_last, all) => all.length,
  });
  const unsubscribe = observer.subscribe(() => {});
  await reads.answer(0);
  return { client, reads, observer, unsubscribe };
}

/**
 * A read of ["count"] on screen and kept fresh for good (staleTime Infinity: the unread counts),
 * answered once, with a read again on its way; `turned` turns it off or on.
 */
async function keptFreshRefetching() {
  const client = createQueryClient();
  const reads = heldReads();
  const options = { queryKey: ["count"], queryFn: reads.queryFn, staleTime: Number.POSITIVE_INFINITY };
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  await reads.answer(0);
  void observer.refetch();
  const turned = (enabled: boolean) => observer.setOptions({ ...options, enabled });
  return { client, reads, observer, unsubscribe, turned };
}

describe("a read brought up to date with a change", () => {
  it("reads again when the change came during its first load (the load's answer was read before it)", async () => {
    const { client, reads, unsubscribe } = countOnScreen();
    // The first load is read on the server before a message is posted; the event comes before its answer.
    reads.state.server = 1;
    writeOrReadAgain<{ n: number }>(client, ["count"], ({ n }) => ({ n: n + 1 }));
    await reads.answer(0);
    expect(reads.calls).toHaveLength(2);
    await reads.answer(1);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });

  it("reads again when enabled, a read turned off while its read on the way came before the change", async () => {
    const { client, reads, observer, unsubscribe, turned } = await keptFreshRefetching();
    // Turned off (its screen has no id for it now, say) while that read is on its way; a change comes.
    turned(false);
    reads.state.server = 1;
    const asked = readFromNow(client, ["count"]);
    await reads.answer(1);
    await asked;
    expect(reads.calls).toHaveLength(2);
    // On again: the answer held was read before the change, so it is read again.
    turned(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.calls).toHaveLength(3);
    await reads.answer(2);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });

    // Turned off after the change was told, while the read on its way has not landed: the same.
    void observer.refetch();
    reads.state.server = 2;
    const askedOn = readFromNow(client, ["count"]);
    turned(false);
    await reads.answer(3);
    await askedOn;
    expect(reads.calls).toHaveLength(4);
    turned(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.calls).toHaveLength(5);
    await reads.answer(4);
    expect(client.getQueryData(["count"])).toEqual({ n: 2 });
    unsubscribe();
  });

  it("reads again a read turned off, then on again, while its read on the way came before the change", async () => {
    const { client, reads, unsubscribe, turned } = await keptFreshRefetching();
    turned(false);
    reads.state.server = 1;
    await readFromNow(client, ["count"]);
    // On again before the read on its way lands: it joins that read, read before the change.
    turned(true);
    await reads.answer(1);
    expect(reads.calls).toHaveLength(3);
    await reads.answer(2);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });

  it("makes a read with data on its way again once it lands, never cancelling it (an older page, say)", async () => {
    const { client, reads, observer, unsubscribe } = countOnScreen();
    await reads.answer(0);
    expect(client.getQueryData(["count"])).toEqual({ n: 0 });
    // A reconnect's read, read on the server before the message; the event comes before its answer.
    void observer.refetch();
    reads.state.server = 1;
    writeOrReadAgain<{ n: number }>(client, ["count"], ({ n }) => ({ n: n + 1 }));
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    // The read on its way lands (read before the change), then the read made again gives the change.
    await reads.answer(1);
    expect(reads.calls).toHaveLength(3);
    await reads.answer(2);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });

  it("lets an older page being fetched land when a change comes meanwhile (Load earlier)", async () => {
    const { client, reads, observer, unsubscribe } = await pagesOnScreen();
    const older = observer.fetchNextPage();
    writeOrReadAgain<InfiniteData<{ n: number }>>(client, ["pages"], (data) => data);
    await reads.answer(1);
    expect((await older).data?.pages).toHaveLength(2);
    // Then both pages are read again.
    await reads.answer(2);
    await reads.answer(3);
    expect(client.getQueryData<InfiniteData<{ n: number }>>(["pages"])?.pages).toHaveLength(2);
    unsubscribe();
  });

  it("reads from now when a subscription is confirmed during the first load, which joined no read", async () => {
    const { client, reads, unsubscribe } = countOnScreen();
    // Posted before the subscription was confirmed, after the first load was read: no event comes.
    reads.state.server = 1;
    void readFromNow(client, ["count"]);
    await reads.answer(0);
    await reads.answer(1);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });

  it("reads from now every read of a prefix on screen, where invalidateQueries joined a first load", async () => {
    const client = createQueryClient();
    const reads = heldReads();
    const observer = new QueryObserver(client, { queryKey: ["count", { of: "a" }], queryFn: reads.queryFn });
    const unsubscribe = observer.subscribe(() => {});
    // Another input's read, not on screen: marked stale, read when next shown.
    client.setQueryData(["count", { of: "b" }], { n: 0 });
    reads.state.server = 1;
    const done = readFromNow(client, ["count"]);
    await reads.answer(0);
    await reads.answer(1);
    await done;
    expect(client.getQueryData(["count", { of: "a" }])).toEqual({ n: 1 });
    expect(reads.calls).toHaveLength(2);
    expect(client.getQueryState(["count", { of: "b" }])?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it("leaves a read begun after a subscription's quiet began (since): a first load is not read twice", async () => {
    const { client, reads, unsubscribe } = countOnScreen();
    // The topic had no event since before the first load began: it missed nothing.
    void readFromNow(client, ["count"], { since: momentBefore(momentNow(), 60_000) });
    await reads.answer(0);
    expect(reads.calls).toHaveLength(1);
    // An event came after the first load began (its quiet starts after it): read again.
    reads.state.server = 1;
    void readFromNow(client, ["count"], { since: momentBefore(momentNow(), -1) });
    await reads.answer(1);
    expect(reads.calls).toHaveLength(2);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });

  it("reads once more when asked while its read again is on its way (that read may be older than the ask)", async () => {
    const { client, reads, unsubscribe } = countOnScreen();
    void readFromNow(client, ["count"]);
    await reads.answer(0);
    // The read again is on its way, read on the server before the next change; asked again meanwhile.
    expect(reads.calls).toHaveLength(2);
    reads.state.server = 2;
    const asked = readFromNow(client, ["count"]);
    await reads.answer(1);
    while (reads.calls.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await reads.answer(2);
    await asked;
    expect(reads.calls).toHaveLength(3);
    expect(client.getQueryData(["count"])).toEqual({ n: 2 });
    unsubscribe();
  });

  it("reads again when its read again was cancelled for an older page (Load earlier during a catch-up)", async () => {
    const { client, reads, observer, unsubscribe } = await pagesOnScreen();
    void observer.refetch();
    writeOrReadAgain<InfiniteData<{ n: number }>>(client, ["pages"], (data) => data);
    await reads.answer(1);
    // The read again is on its way; Load earlier cancels it and fetches an older page instead.
    expect(reads.calls).toHaveLength(3);
    const older = observer.fetchNextPage();
    await reads.answer(3);
    await older;
    // The read again did not land: it is made again (both pages).
    while (reads.calls.length < 5) {
      await reads.answer(reads.calls.length - 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(reads.calls.length).toBeGreaterThanOrEqual(5);
    unsubscribe();
  });

  it("counts a read that failed as not read (since): it is read again", async () => {
    const client = createQueryClient();
    let fail = false;
    const observer = new QueryObserver(client, {
      queryKey: ["count"],
      retry: false,
      queryFn: async () => {
        if (fail) throw new Error("down");
        return { n: 0 };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    while (client.getQueryData(["count"]) === undefined)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const since = momentNow();
    await new Promise((resolve) => setTimeout(resolve, 2));
    fail = true;
    await observer.refetch();
    // The answer held was read before `since`; the failed read after it does not count.
    fail = false;
    const fetches = vi.fn();
    client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch") fetches();
    });
    await readFromNow(client, ["count"], { since });
    expect(fetches).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it("counts a refusal with nothing held as an answer (since): it is not asked again", async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => {
      throw new ApiError(403, "forbidden", "The room is not available");
    });
    const observer = new QueryObserver(client, { queryKey: ["room"], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    while (client.getQueryState(["room"])?.status !== "error")
      await new Promise((resolve) => setTimeout(resolve, 1));
    // The topic was quiet since before the read began (a suspended organization's room).
    await readFromNow(client, ["room"], { since: momentBefore(momentNow(), 60_000) });
    expect(queryFn).toHaveBeenCalledOnce();
    // An event after it began: asked again.
    await readFromNow(client, ["room"], { since: momentBefore(momentNow(), -1) });
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("reads once more however many ask while a read is on its way", async () => {
    const { client, reads, unsubscribe } = countOnScreen();
    reads.state.server = 1;
    const asked = [
      readFromNow(client, ["count"]),
      readFromNow(client, ["count"]),
      readFromNow(client, ["count"]),
    ];
    await reads.answer(0);
    await reads.answer(1);
    await Promise.all(asked);
    expect(reads.calls).toHaveLength(2);
    expect(client.getQueryData(["count"])).toEqual({ n: 1 });
    unsubscribe();
  });
});
