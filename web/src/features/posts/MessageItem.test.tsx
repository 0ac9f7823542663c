import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Channel } from "../../../../contract/channels";
import { ToastProvider } from "../../ui/Toast";
import { ChannelContext, type TextChannelContext } from "./context";
import { MessageItem } from "./MessageItem";
import { post } from "./posts.fixtures";
import { text } from "./text";

const me = "u-me";

function renderMessage() {
  const context = {
    channel: { id: "c", name: "General", permissions: {} } as unknown as Channel,
    me,
    admin: false,
    canPost: true,
    canComment: true,
    commentNote: "",
    members: [],
    actions: { edit: vi.fn(async () => undefined) },
    loadOlder: async () => undefined,
    retry: () => undefined,
    forwardTargets: [],
    open: () => undefined,
    jumpTo: () => undefined,
  } as unknown as TextChannelContext;
  const mine = post("Hello there", 0, { author: { id: me, full_name: "Ada Me" } as never });
  render(
    <ToastProvider>
      <ChannelContext.Provider value={context}>
        <MessageItem post={mine} compact={false} highlighted={false} />
      </ChannelContext.Provider>
    </ToastProvider>,
  );
}

describe("a message being edited", () => {
  it("has no hover action bar over its edit box, and gets it back when the edit ends", () => {
    renderMessage();
    const article = screen.getByRole("article");
    const toolbar = within(article).getByRole("toolbar", { name: text.messageActions });
    fireEvent.click(within(toolbar).getByRole("button", { name: text.more }));
    fireEvent.click(screen.getByRole("menuitem", { name: text.edit }));

    expect(within(article).getByRole("textbox", { name: text.editLabel })).toBeInTheDocument();
    expect(within(article).queryByRole("toolbar", { name: text.messageActions })).toBeNull();
    expect(within(article).queryByRole("button", { name: text.reply })).toBeNull();

    fireEvent.click(within(article).getByRole("button", { name: text.cancel }));
    expect(within(article).getByRole("toolbar", { name: text.messageActions })).toBeInTheDocument();
  });
});
