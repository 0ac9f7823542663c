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

  it("is applied as its event tells it, the list not read again by every member's tab", async () => {
    const { reads, shown, event, unmount } = await workspaceAs("member");
    const before = reads.members;
    await event("member.joined", { member: kofi });
    expect(shown()).toBe("2: Ama Owusu (member), Kofi Boateng (member)");
    await event("member.role_changed", { user_id: "kofi", role: "admin" });
    expect(shown()).toBe("2: Ama Owusu (member), Kofi Boateng (admin)");
    await event("member.left", { user_id: "kofi", reason: "removed" });
    expect(shown()).toBe("1: Ama Owusu (member)");
    expect(reads.members).toBe(before);
    unmount();
  });

  it("is read again by an administrator, whose list shows the e-mails the event does not carry", async () => {
    const { reads, event, unmount } = await workspaceAs("admin");
    const before = reads.members;
    await event("member.joined", { member: kofi });
    await vi.waitFor(() => expect(reads.members).toBe(before + 1));
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

  it("keeps the list in the order members joined, however the events come", async () => {
    const { shown, event, unmount } = await workspaceAs("member");
    await event("member.joined", {
      member: { ...kofi, user_id: "yaw", full_name: "Yaw Later", joined_at: "2026-03-01T00:00:00.000Z" },
    });
    await event("member.joined", { member: kofi });
    expect(shown()).toBe("3: Ama Owusu (member), Kofi Boateng (member), Yaw Later (member)");
    unmount();
  });

  it("takes in a member's e-mail shared, then no longer, from the event", async () => {
    const { reads, event, unmount } = await workspaceAs("member");
    const before = reads.members;
    const emails = () => screen.getByRole("status", { name: "members" }).dataset.emails;
    await event("member.joined", { member: kofi });
    await event("member.updated", { member: { ...kofi, email: "kofi@example.org" } });
    expect(emails()).toBe(",kofi@example.org");
    await event("member.updated", { member: kofi });
    expect(emails()).toBe(",");
    expect(reads.members).toBe(before);
    unmount();
  });
});
