import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Member } from "../../../../contract/organizations";
import { createQueryClient } from "../../api/query";
import { useOrganizationStats } from "./useOrganizationStats";

let live = true;
const topics: string[][] = [];
const lists = { members: [{ user_id: "ama" }, { user_id: "kofi" }] as Member[], online: new Set(["ama"]) };
vi.mock("../workspace/WorkspaceContext", () => ({ useWorkspace: () => lists }));
vi.mock("../../api/useRealtime", () => ({
  useLive: () => live,
  useTopic: (_topic: string, handlers: Record<string, unknown>) => topics.push(Object.keys(handlers)),
}));
vi.mock("../../api/query", async (original) => ({
  ...(await original<typeof import("../../api/query")>()),
  useEndpointQuery: () => ({
    data: { total_members: 99, active_channels: 7, total_votes_cast: 12, online_now: 42 },
    error: null,
  }),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe("the organization profile's stat cards", () => {
  it("count members and who is online from the live lists; the rest is the server's, recounted on its own events only", () => {
    const { result, rerender } = renderHook(() => useOrganizationStats("org"), { wrapper });
    expect(result.current.stats).toEqual({
      total_members: 2,
      active_channels: 7,
      total_votes_cast: 12,
      online_now: 1,
    });
    // Arrivals, departures and presence change the lists, not the server's counts: no recount for them.
    expect(topics.at(-1)).toEqual(["channel.created", "channel.deleted", "election.sealed"]);
    // With the live connection lost, who is online is the last count.
    live = false;
    rerender();
    expect(result.current.stats?.online_now).toBe(42);
  });
});
