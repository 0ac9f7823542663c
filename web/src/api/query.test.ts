import { MutationObserver, onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, NetworkError } from "./http";
import { createQueryClient } from "./query";

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
