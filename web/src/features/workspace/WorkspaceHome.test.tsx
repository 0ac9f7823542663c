import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Member } from "../../../../contract/organizations";
import type { useWorkspace } from "./WorkspaceContext";
import WorkspaceHome from "./WorkspaceHome";

const refetch = vi.fn();
let workspace: Partial<ReturnType<typeof useWorkspace>>;

vi.mock("./WorkspaceContext", () => ({ useWorkspace: () => workspace }));
vi.mock("../../api/useRealtime", () => ({ useLive: () => true }));
vi.mock("../../api/query", () => ({
  // The server's counts, which the home shows for what it does not list itself.
  useEndpointQuery: () => ({
    data: { total_members: 99, active_channels: 7, total_votes_cast: 0, online_now: 99 },
    isError: false,
    refetch,
  }),
}));
vi.mock("../../router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useLocation: () => ({ state: null }),
}));
vi.mock("../elections/ElectionOverview", () => ({ ElectionOverview: () => null }));
vi.mock("../organizations/InviteBox", () => ({ InviteBox: () => null }));
vi.mock("../organizations/JoinRequestsNotice", () => ({ JoinRequestsNotice: () => null }));
vi.mock("../organizations/LeaveOrganization", () => ({ LeaveOrganization: () => null }));

const member = (id: string) => ({ user_id: id, full_name: id }) as Member;

function at(members: string[], online: string[], channels = 3) {
  workspace = {
    area: "member",
    currentId: "org",
    current: {
      id: "org",
      name: "Harbour Guild",
      logo_url: "",
      can: { manage: false, invite: false },
    } as never,
    channels: Array.from({ length: channels }, (_, i) => ({ id: `c${i}` })) as never,
    members: members.map(member),
    online: new Set(online),
  };
}

const figure = (label: string) =>
  screen.getByText(label, { selector: "span" }).parentElement?.textContent?.replace(label, "");

beforeEach(() => refetch.mockReset());

describe("the workspace home's figures", () => {
  it("count members and who is online from the live lists, with no read as they change; channels are the server's", () => {
    at(["ama", "kofi"], ["ama"]);
    const view = render(<WorkspaceHome />);
    expect(figure("Members")).toBe("2");
    expect(figure("Online now")).toBe("1");
    expect(figure("Channels")).toBe("7");

    at(["ama", "kofi", "efua"], ["ama", "efua"]);
    view.rerender(<WorkspaceHome />);
    expect(figure("Members")).toBe("3");
    expect(figure("Online now")).toBe("2");
    expect(refetch).not.toHaveBeenCalled();

    // A channel came: the server counts them again (the private ones too).
    at(["ama", "kofi", "efua"], ["ama", "efua"], 4);
    view.rerender(<WorkspaceHome />);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
