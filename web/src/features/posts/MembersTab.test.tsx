import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import type { Member } from "../../../../contract/organizations";
import { realtime } from "../../api/socket";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import type { useAuth } from "../accounts/AuthProvider";
import type { useWorkspace } from "../workspace/WorkspaceContext";
import { MembersTab } from "./MembersTab";
import { text } from "./text";

const member = (user_id: string, full_name: string, role: Member["role"] = "member"): Member => ({
  user_id,
  full_name,
  email: null,
  user_type: "voter",
  role,
  joined_at: "2026-01-01T00:00:00.000Z",
});

// Ama is the user; Kojo is online by the server's presence, Efua is not.
// Kojo shares his e-mail address (settings › privacy); the server gives no one else's.
const members = [
  member("ama", "Ama Owusu"),
  { ...member("kojo", "Kojo Antwi"), email: "kojo@example.org" },
  member("efua", "Efua Mensah"),
];
const online = new Set(["kojo"]);

vi.mock("../workspace/WorkspaceContext", () => ({
  useWorkspace: () => ({ members, online }) as unknown as ReturnType<typeof useWorkspace>,
}));
vi.mock("../accounts/AuthProvider", () => ({
  useAuth: () => ({ user: { id: "ama" } as Profile }) as ReturnType<typeof useAuth>,
}));

withFakeSockets();

/** The presence a member's row says: "Online" or "Offline". */
const presenceOf = (name: string) => {
  const row = screen.getByText(name).closest("li") as HTMLElement;
  return within(row).queryByText(text.online) ? text.online : text.offline;
};

describe("the Members tab's presence", () => {
  it("shows the user online while live, and no one online while the connection is lost", () => {
    const stop = realtime.subscribe("org:o", () => undefined);
    act(() => latest().open());
    render(<MembersTab />);
    expect(presenceOf("Ama Owusu")).toBe(text.online);
    expect(presenceOf("Kojo Antwi")).toBe(text.online);
    expect(presenceOf("Efua Mensah")).toBe(text.offline);

    // The others leave `online` with the connection (WorkspaceContext); the user leaves it here.
    act(() => latest().drop(1006));
    expect(presenceOf("Ama Owusu")).toBe(text.offline);

    act(() => {
      vi.advanceTimersByTime(500);
      latest().open();
    });
    expect(presenceOf("Ama Owusu")).toBe(text.online);
    act(() => {
      stop();
      vi.advanceTimersByTime(2_000);
    });
  });
});

describe("the Members tab's addresses", () => {
  it("shows the address a member shares, and none for the others", () => {
    render(<MembersTab />);
    const rowOf = (name: string) => screen.getByText(name).closest("li") as HTMLElement;
    expect(within(rowOf("Kojo Antwi")).getByText("kojo@example.org")).toBeTruthy();
    expect(within(rowOf("Efua Mensah")).queryByText(/@/)).toBeNull();
  });
});
