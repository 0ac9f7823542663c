import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import { createQueryClient } from "../../api/query";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { ToastProvider } from "../../ui/Toast";
import type { useAuth } from "../accounts/AuthProvider";
import { useWorkspace, WorkspaceProvider } from "./WorkspaceContext";

vi.mock("../accounts/AuthProvider", () => ({
  useAuth: () => ({ user: { id: "ama", organization_id: "kept" } as Profile }) as ReturnType<typeof useAuth>,
}));

withFakeSockets({ advancing: true });
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The members list and count as the workspace holds them. */
function Members() {
  const { members, current } = useWorkspace();
  return (
    <output aria-label="members" data-emails={members.map((m) => m.email ?? "").join(",")}>
      {`${current?.member_count}: ${members.map((m) => `${m.full_name} (${m.role})`).join(", ")}`}
    </output>
  );
}

describe("a membership change in the current organization", () => {
  const ama = {
    user_id: "ama",
    full_name: "Ama Owusu",
    email: null,
    user_type: "voter",
    role: "member",
    joined_at: "2026-01-01T00:00:00.000Z",
  };
  const kofi = { ...ama, user_id: "kofi", full_name: "Kofi Boateng", joined_at: "2026-02-01T00:00:00.000Z" };

  /** The workspace of Ama, whose role in "kept" is `role`; counts the reads of its members list. */
  async function workspaceAs(role: "admin" | "member") {
    const reads = { members: 0, channels: 0 };
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string) => {
        if (path === "/api/organizations/mine")
          return Promise.resolve(
            json(200, { current_id: "kept", organizations: [{ id: "kept", name: "Kept" }], pending: [] }),
          );
        if (path === "/api/organizations/kept")
          return Promise.resolve(json(200, { id: "kept", name: "Kept", role, member_count: 1 }));
        if (path === "/api/organizations/kept/channels") {
          reads.channels++;
          return Promise.resolve(json(200, { channels: [] }));
        }
        if (path === "/api/organizations/kept/members") {
          reads.members++;
          return Promise.resolve(json(200, { members: [ama] }));
        }
        if (path === "/api/organizations/kept/online") return Promise.resolve(json(200, { user_ids: [] }));
        return Promise.resolve(json(404, { error: { code: "not_found", message: "Not found" } }));
      }),
    );
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <WorkspaceProvider area="member">
            <Members />
          </WorkspaceProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    const shown = () => screen.getByRole("status", { name: "members" }).textContent;
    await vi.waitFor(() => expect(shown()).toBe("1: Ama Owusu (member)"));
    const socket = latest();
    act(() => socket.open());
    await vi.waitFor(() => expect(socket.sent.some((frame) => frame.includes('"org:kept"'))).toBe(true));
    await act(async () => {
      socket.message(JSON.stringify({ type: "subscribed", topic: "org:kept", quiet_ms: 600_000 }));
      await vi.advanceTimersByTimeAsync(50);
    });
    const event = async (name: string, payload: object) =>
      act(async () => {
        socket.message(
          JSON.stringify({
            type: "event",
            topic: "org:kept",
            event: name,
            payload: { organization_id: "kept", ...payload },
          }),
        );
        await vi.advanceTimersByTimeAsync(50);
      });
    return { reads, shown, event, unmount };
  }

  it("are read again: a join, a departure, an e-mail shared, another's role", async () => {
    const { reads, event, unmount } = await workspaceAs("member");
    const before = { ...reads };
    let expected = before.members;
    for (const [name, payload] of [
      ["member.joined", { member: kofi }],
      ["member.updated", { member: kofi }],
      ["member.role_changed", { user_id: "kofi", role: "admin" }],
      ["member.left", { user_id: "kofi", reason: "removed" }],
    ] as const) {
      await event(name, payload);
      expected++;
      await vi.waitFor(() => expect(reads.members).toBe(expected));
    }
    expect(reads.channels).toBe(before.channels);
    unmount();
  });

  it("of the viewer's own role reads the list and the channels again (their rights in each change)", async () => {
    const { reads, event, unmount } = await workspaceAs("member");
    const before = { ...reads };
    await event("member.role_changed", { user_id: "ama", role: "admin" });
    await vi.waitFor(() =>
      expect(reads).toEqual({ members: before.members + 1, channels: before.channels + 1 }),
    );
    unmount();
  });
});
