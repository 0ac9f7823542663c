import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../../../../contract/events";
import type { JoinRequest } from "../../../../contract/organizations";
import { call } from "../../api/client";
import { createQueryClient } from "../../api/query";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { BrowserRouter } from "../../router";
import { JoinRequestsNotice, noticeText } from "./JoinRequestsNotice";
import { JOIN_REQUESTS_PATH } from "./useJoinRequests";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

const request = (id: string, full_name: string): JoinRequest => ({
  id,
  user_id: `user-${id}`,
  full_name,
  email: `${id}@example.org`,
  created_at: "2026-01-01T00:00:00.000Z",
  same_id_number_as: null,
});

let waiting: JoinRequest[] = [];

withFakeSockets({ advancing: true });
beforeEach(() => {
  vi.mocked(call).mockImplementation(async () => ({ requests: waiting }) as never);
});

const send = (message: ServerMessage) => act(() => latest().message(JSON.stringify(message)));

function renderNotice() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <JoinRequestsNotice organizationId="o" />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

describe("the administrator's home notice of join requests", () => {
  it("says how many requests wait, links to where they are decided, and follows them live", async () => {
    waiting = [request("r1", "Kojo Antwi")];
    const { unmount } = renderNotice();
    act(() => latest().open());
    expect(await screen.findByText(noticeText.waiting(1))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: noticeText.review })).toHaveAttribute("href", JOIN_REQUESTS_PATH);

    // A request arrives on the administrators' topic.
    send({
      type: "event",
      topic: "admins:o",
      event: "join_request.created",
      payload: { organization_id: "o", request: request("r2", "Efua Mensah") },
    });
    expect(await screen.findByText(noticeText.waiting(2))).toBeInTheDocument();

    // Both decided, one by another administrator and one by the member joining: nothing waits.
    send({
      type: "event",
      topic: "admins:o",
      event: "join_request.decided",
      payload: { organization_id: "o", request_id: "r1", status: "approved" },
    });
    expect(await screen.findByText(noticeText.waiting(1))).toBeInTheDocument();
    send({
      type: "event",
      topic: "org:o",
      event: "member.joined",
      payload: {
        organization_id: "o",
        member: {
          user_id: "user-r2",
          full_name: "Efua Mensah",
          email: null,
          user_type: "voter",
          role: "member",
          joined_at: "2026-01-02T00:00:00.000Z",
        },
      },
    });
    await vi.waitFor(() => expect(screen.getByRole("status")).toBeEmptyDOMElement());
    expect(screen.queryByRole("link")).toBeNull();
    unmount();
  });

  it("shows nothing while no request waits", async () => {
    waiting = [];
    const { unmount } = renderNotice();
    act(() => latest().open());
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    unmount();
  });
});
