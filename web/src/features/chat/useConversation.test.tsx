import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { createQueryClient } from "../../api/query";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { announced } from "../../ui/announce";
import { useConversation } from "./useConversation";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

withFakeSockets({ advancing: true });
beforeEach(() => {
  vi.mocked(call).mockReset();
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
