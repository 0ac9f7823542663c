import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DirectMessage } from "../../../../contract/chat";
import { chatEndpoints } from "../../../../contract/chat-endpoints";
import { call } from "../../api/client";
import { ApiError, NetworkError } from "../../api/http";
import { createQueryClient } from "../../api/query";
import { latest, withFakeSockets } from "../../api/socket.fixtures";
import { forgetOutboxes } from "../../api/useOutbox";
import { SENDING_SHOWN_AFTER_MS } from "../../ui/Sending";
import { ConversationView } from "./ConversationView";
import { contact } from "./contact.fixtures";

vi.mock("../../api/client", () => ({ call: vi.fn() }));
vi.mock("../workspace/WorkspaceContext", () => ({ useWorkspace: () => ({ current: { status: "active" } }) }));

const unreachable = "Could not reach the Votespace server. Check your connection and try again.";
const daniel = contact("them", "Daniel Mensah");

withFakeSockets({ advancing: true });
beforeEach(() => {
  vi.mocked(call).mockReset();
  localStorage.clear();
});
afterEach(forgetOutboxes);

/** The server answers a send with `answer` (settled by the test when it is a promise it holds). */
function server(answer: () => Promise<DirectMessage>) {
  vi.mocked(call).mockImplementation(async (endpoint) => {
    if (endpoint === chatEndpoints.send) return answer() as never;
    return { messages: [], has_more: false } as never;
  });
}

/** The server answers each send with `answer` (the test may change it), and the ids sent are kept. */
function sendsKept(answer: () => Promise<DirectMessage>) {
  const sent = { ids: [] as string[], answer };
  vi.mocked(call).mockImplementation(async (endpoint, input) => {
    if (endpoint !== chatEndpoints.send) return { messages: [], has_more: false } as never;
    sent.ids.push((input as { body: { id: string } }).body.id);
    return sent.answer() as never;
  });
  return sent;
}

/** The conversation with Daniel in the panel; `shown: false` closes the panel (or opens it again). */
function panel() {
  const client = createQueryClient();
  const view = (shown: boolean) => (
    <QueryClientProvider client={client}>
      {shown && (
        <ConversationView
          me="me"
          contact={daniel}
          reading={false}
          onBack={() => undefined}
          onClose={() => undefined}
          onRead={() => undefined}
          onSent={() => undefined}
        />
      )}
    </QueryClientProvider>
  );
  const rendered = render(view(true));
  act(() => latest().open());
  return { ...rendered, show: (shown: boolean) => rendered.rerender(view(shown)) };
}

const box = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Message" });
const typeAndSend = async (words: string) => {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(box(), `${words}{Enter}`);
};

/** The server goes away and comes back: the socket drops, then its retry opens. */
function serverRestarts() {
  act(() => latest().drop(1006));
  act(() => {
    vi.advanceTimersByTime(500);
    latest().open();
  });
}

describe("a direct message not sent", () => {
  it("loses its 'could not reach the server' notice once the live connection is back, the text kept", async () => {
    server(() => Promise.reject(new NetworkError(unreachable)));
    const { unmount } = panel();
    await typeAndSend("Hello?");
    await screen.findByText(`Message not sent: ${unreachable}`);
    expect(box().value).toBe("Hello?");

    serverRestarts();
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(box().value).toBe("Hello?");
    unmount();
  });

  it("keeps a refusal that is not about reaching the server", async () => {
    server(() =>
      Promise.reject(new ApiError(403, "forbidden", "This person does not accept direct messages")),
    );
    const { unmount } = panel();
    await typeAndSend("Hello?");
    await screen.findByText("Message not sent: This person does not accept direct messages");

    serverRestarts();
    expect(screen.getByText("Message not sent: This person does not accept direct messages")).toBeTruthy();
    unmount();
  });

  it("says it is sending while the server is slow, and comes back with why when refused after the panel closed", async () => {
    let refuse: (failure: Error) => void = () => undefined;
    server(() => new Promise((_, reject) => (refuse = reject)));
    const { show, unmount } = panel();
    await typeAndSend("Are you coming?");
    expect(box().value).toBe("");
    act(() => vi.advanceTimersByTime(SENDING_SHOWN_AFTER_MS + 50));
    await screen.findByText("Sending...");

    // The panel closes while it is on its way, and the send fails meanwhile.
    show(false);
    await act(async () => refuse(new NetworkError(unreachable)));
    show(true);
    await screen.findByText(`Message not sent: ${unreachable}`);
    expect(box().value).toBe("Are you coming?");
    expect(screen.queryByText("Sending...")).toBeNull();
    unmount();
  });

  it("keeps why and the text when the panel closes as it comes back, and sends it again as the same message", async () => {
    const sent = sendsKept(() => Promise.reject(new NetworkError(unreachable)));
    const { show, unmount } = panel();
    await typeAndSend("Did it go?");
    await screen.findByText(`Message not sent: ${unreachable}`);
    expect(box().value).toBe("Did it go?");

    // Closed at once (the conversation left as its refusal came): opened again, it says so still.
    show(false);
    show(true);
    await screen.findByText(`Message not sent: ${unreachable}`);
    expect(box().value).toBe("Did it go?");
    // Sent again: under the id it went with, so the server answers with the one it may have written.
    sent.answer = () => new Promise(() => undefined);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box(), "{Enter}");
    await waitFor(() => expect(sent.ids).toHaveLength(2));
    expect(sent.ids[1]).toBe(sent.ids[0]);
    unmount();
  });

  it("sent again after a lost answer and refused this time (too many), goes a third time under the same id: its first try may have been written", async () => {
    const sent = sendsKept(() => Promise.reject(new NetworkError(unreachable)));
    const { unmount } = panel();
    await typeAndSend("Did it go?");
    await screen.findByText(`Message not sent: ${unreachable}`);
    // Its second try is refused before the server could find it written: it may still be.
    const tooMany = "Too many attempts. Please try again later.";
    sent.answer = () => Promise.reject(new ApiError(429, "rate_limited", tooMany));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box(), "{Enter}");
    await screen.findByText(`Message not sent: ${tooMany}`);
    expect(box().value).toBe("Did it go?");
    await user.type(box(), "{Enter}");
    await waitFor(() => expect(sent.ids).toHaveLength(3));
    expect(new Set(sent.ids).size).toBe(1);
    await screen.findByText(`Message not sent: ${tooMany}`);
    unmount();
  });

  it("sends an edited message as a new one, even when edited back to the same text", async () => {
    const sent = sendsKept(() => Promise.reject(new NetworkError(unreachable)));
    const { unmount } = panel();
    await typeAndSend("Did it go?");
    await screen.findByText(`Message not sent: ${unreachable}`);
    await typeAndSend("!{Backspace}");
    await waitFor(() => expect(sent.ids).toHaveLength(2));
    expect(sent.ids[1]).not.toBe(sent.ids[0]);
    unmount();
  });
});
