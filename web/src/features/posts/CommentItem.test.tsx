import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Comment } from "../../../../contract/posts";
import { CommentItem } from "./CommentItem";
import { text } from "./text";

const editComment = vi.fn(async () => undefined);
vi.mock("./context", () => ({
  useChannel: () => ({ actions: { editComment }, me: "me", admin: false, members: [] }),
}));
vi.mock("../../ui/Toast", () => ({ useToast: () => () => undefined }));

const comment: Comment = {
  id: "c1",
  post_id: "p1",
  content: "First point",
  author: { id: "me", full_name: "Ama Owusu" },
  created_at: "2026-12-07T10:00:00.000Z",
  edited_at: null,
} as Comment;

const editButton = () => screen.getByRole("button", { name: `${text.editComment}: Ama Owusu` });

describe("a comment edited in place", () => {
  it("gives the focus back to Edit once saved, and once cancelled", async () => {
    const user = userEvent.setup();
    render(
      <ul>
        <CommentItem comment={comment} />
      </ul>,
    );
    await user.click(editButton());
    await user.type(screen.getByRole("textbox", { name: text.editComment }), ", amended{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(editButton()));
    expect(editComment).toHaveBeenCalledWith("c1", "First point, amended");

    await user.click(editButton());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.activeElement).toBe(editButton()));
  });
});
