import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Post } from "../../../../contract/posts";
import { ResultsPanel } from "./ResultsPanel";
import { FoundPost } from "./SearchPanel";

const post = {
  id: "p1",
  content: "Hello",
  author: { id: "u1", full_name: "Ama Owusu" },
  created_at: "2026-12-05T10:00:00Z",
} as unknown as Post;

function renderPanel(takeFocus: boolean, onClose = vi.fn()) {
  const opener = document.createElement("button");
  opener.textContent = "Mentions";
  document.body.append(opener);
  opener.focus();
  render(
    <ResultsPanel
      label="Mentions"
      summary="Mentions"
      closeLabel="Close mentions"
      onClose={onClose}
      items={[post]}
      postOf={(item) => item}
      body={(item) => item.content}
      onOpen={() => {}}
      takeFocus={takeFocus}
    />,
  );
  return { opener, onClose };
}

describe("the panel of found messages", () => {
  it("opened by a button takes the focus, and Escape gives it back as it closes", () => {
    const { opener, onClose } = renderPanel(true);
    const panel = screen.getByRole("region", { name: "Mentions" });
    expect(document.activeElement).toBe(panel);
    fireEvent.keyDown(screen.getByRole("button", { name: /Ama Owusu/ }), { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it("beside a field typed into (the search) leaves the focus there; closed from inside, gives it back", () => {
    const { opener, onClose } = renderPanel(false);
    expect(document.activeElement).toBe(opener);
    const result = screen.getByRole("button", { name: /Ama Owusu/ });
    result.focus();
    fireEvent.keyDown(result, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe("a message found by the channel's search", () => {
  it("shows its file's name beside its text, the matched words marked in both", () => {
    const withFile = {
      ...post,
      content: "Here is the sheet",
      attachment: { filename: "treasury-budget-2026.txt" },
    } as unknown as Post;
    const { container } = render(<FoundPost post={withFile} query="treasury sheet" />);
    expect(container.textContent).toContain("Here is the sheet");
    expect(container.textContent).toContain("treasury-budget-2026.txt");
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual([
      "sheet",
      "treasury",
    ]);
  });
});
