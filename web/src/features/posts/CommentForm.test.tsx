import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../../api/http";
import { forgetOutboxes } from "../../api/useOutbox";
import { CommentForm } from "./CommentForm";

const comment = vi.fn<(postId: string, content: string, id?: string) => Promise<void>>();
vi.mock("./context", () => ({
  useChannel: () => ({ actions: { comment }, me: "me", members: [] }),
}));

const unreachable = "Could not reach the Votespace server. Check your connection and try again.";
const box = () => screen.getByRole<HTMLInputElement>("textbox");

beforeEach(() => {
  comment.mockReset();
  localStorage.clear();
});
afterEach(forgetOutboxes);

/** The thread's comment box; `shown` says which comment ids the thread lists. */
function thread(shown: string[] = []) {
  const view = () => <CommentForm postId="post-1" focusKey={0} shown={(id) => shown.includes(id)} />;
  const rendered = render(view());
  return { ...rendered, redraw: () => rendered.rerender(view()) };
}

describe("a comment whose answer never came", () => {
  it("goes again under the id it went with; edited, it is another comment", async () => {
    comment.mockRejectedValue(new NetworkError(unreachable));
    thread();
    const user = userEvent.setup();
    await user.type(box(), "Seconded{Enter}");
    await screen.findByText(unreachable);
    expect(box().value).toBe("Seconded");

    await user.type(box(), "{Enter}");
    await waitFor(() => expect(comment).toHaveBeenCalledTimes(2));
    const [first, again] = comment.mock.calls;
    expect(again?.[2]).toBe(first?.[2]);
    expect(first?.[2]).toMatch(/^[0-9a-f-]{36}$/);

    // Edited, even back to the same text: another comment, under a new id.
    await screen.findByText(unreachable);
    await user.type(box(), "!{Backspace}{Enter}");
    await waitFor(() => expect(comment).toHaveBeenCalledTimes(3));
    expect(comment.mock.calls[2]?.[1]).toBe("Seconded");
    expect(comment.mock.calls[2]?.[2]).not.toBe(first?.[2]);
  });

  it("leaves the box once the thread shows it: it was written after all", async () => {
    comment.mockRejectedValue(new NetworkError(unreachable));
    const shown: string[] = [];
    const { redraw } = thread(shown);
    const user = userEvent.setup();
    await user.type(box(), "Seconded{Enter}");
    await screen.findByText(unreachable);
    expect(box().value).toBe("Seconded");

    shown.push(comment.mock.calls[0]?.[2] as string);
    redraw();
    await waitFor(() => expect(box().value).toBe(""));
    expect(screen.queryByText(unreachable)).toBeNull();
  });

  it("refused on its next try (too many), still leaves the box once the thread shows it", async () => {
    comment.mockRejectedValueOnce(new NetworkError(unreachable));
    const tooMany = "Too many attempts. Please try again later.";
    comment.mockRejectedValue(new ApiError(429, "rate_limited", tooMany));
    const shown: string[] = [];
    const { redraw } = thread(shown);
    const user = userEvent.setup();
    await user.type(box(), "Seconded{Enter}");
    await screen.findByText(unreachable);
    await user.type(box(), "{Enter}");
    await screen.findByText(tooMany);
    expect(box().value).toBe("Seconded");

    // Its first try was written: the thread shows it under the id both tries went with.
    expect(comment.mock.calls[1]?.[2]).toBe(comment.mock.calls[0]?.[2]);
    shown.push(comment.mock.calls[0]?.[2] as string);
    redraw();
    await waitFor(() => expect(box().value).toBe(""));
  });
});
