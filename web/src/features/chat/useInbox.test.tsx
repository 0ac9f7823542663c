import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { createQueryClient } from "../../api/query";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { contact } from "./contact.fixtures";
import { useInbox } from "./useInbox";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

const kojo = contact("kojo", "Kojo Antwi");

withFakeSockets({ advancing: true });
beforeEach(() => {
  vi.mocked(call).mockImplementation(async (endpoint) =>
    endpoint === chatEndpoints.contacts ? ({ contacts: [kojo] } as never) : ({ total: 0 } as never),
  );
});

describe("the chat panel's presence", () => {
  it("shows no one online while the live connection is lost, and presence again once it is back", async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(
      () =>
        useInbox({ me: "me", organizationId: "o", open: true, readingId: null, onIncoming: () => undefined }),
      { wrapper },
    );
    act(() => latest().open());
    await waitFor(() => expect(result.current.contacts?.[0]?.online).toBe(true));

    act(() => latest().drop(1006));
    expect(result.current.contacts?.[0]?.online).toBe(false);

    act(() => {
      vi.advanceTimersByTime(500);
      latest().open();
    });
    await waitFor(() => expect(result.current.contacts?.[0]?.online).toBe(true));
    unmount();
  });
});
