import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { ApiError, NetworkError } from "../../api/http";
import { createQueryClient } from "../../api/query";
import { FakeSocket, latest } from "../../api/socket.fixtures";
import { announced } from "../../ui/announce";
import { useConversation } from "./useConversation";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

const unreachable = "Could not reach the Votespace server. Check your connection and try again.";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.mocked(call).mockReset();
});

afterEach(() => {
  // The socket lingers after the last topic: let it close, so that the next test opens its own.
  vi.advanceTimersByTime(2_000);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function conversation(sendFailure: Error, otherName?: string) {
  vi.mocked(call).mockImplementation(async (endpoint) => {
    if (endpoint === chatEndpoints.send) throw sendFailure;
    return { messages: [], has_more: false } as never;
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => useConversation({ me: "me", otherId: "them", otherName, reading: false, onRead: () => undefined }),
    { wrapper },
  );
  act(() => latest().open());
  return view;
}

/** The server goes away and comes back: the socket drops, then its retry opens. */
function serverRestarts() {
  act(() => latest().drop(1006));
  act(() => {
    vi.advanceTimersByTime(500);
    latest().open();
  });
}

describe("a direct message not sent while the server was down", () => {
  it("loses its 'could not reach the server' notice once the live connection is back", async () => {
    const { result, unmount } = conversation(new NetworkError(unreachable));
    await act(() => result.current.send("Hello?").catch(() => undefined));
    await waitFor(() => expect(result.current.sendError).toBe(unreachable));

    serverRestarts();
    await waitFor(() => expect(result.current.sendError).toBeNull());
    unmount();
  });

  it("keeps a refusal that is not about reaching the server", async () => {
    const { result, unmount } = conversation(
      new ApiError(403, "forbidden", "This person does not accept direct messages"),
    );
    await act(() => result.current.send("Hello?").catch(() => undefined));
    await waitFor(() => expect(result.current.sendError).toBe("This person does not accept direct messages"));

    serverRestarts();
    expect(result.current.sendError).toBe("This person does not accept direct messages");
    unmount();
  });
});

describe("a message of theirs arriving in the open conversation", () => {
  it("is said to screen readers with their name, once, and mine is not", async () => {
    const { unmount } = conversation(new Error("unused"), "Daniel Mensah");
    const socket = latest();
    await waitFor(() => expect(socket.sent.some((frame) => frame.includes('"user:me"'))).toBe(true));
    act(() => socket.message(JSON.stringify({ type: "subscribed", topic: "user:me" })));
    const arrive = (id: string, from: string, to: string, content: string) =>
      act(() => {
        socket.message(
          JSON.stringify({
            type: "event",
            topic: "user:me",
            event: "message.created",
            payload: {
              id,
              sender_id: from,
              recipient_id: to,
              content,
              created_at: new Date().toISOString(),
              read_at: null,
            },
          }),
        );
        vi.advanceTimersByTime(100);
      });
    arrive("m1", "them", "me", "Reply from Daniel");
    expect(announced()).toBe("Daniel Mensah: Reply from Daniel");
    // Mine (from another tab) is not news to me: nothing new is said.
    arrive("m2", "me", "them", "My own words");
    expect(announced()).toBe("Daniel Mensah: Reply from Daniel");
    unmount();
  });
});
