import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BoardPager } from "./BoardPager";
import { words } from "./bulletinText";

const pager = (total: number, page: number, onPage = vi.fn()) => (
  <BoardPager label={words.sealPages} total={total} page={page} onPage={onPage} range={words.sealRange} />
);

describe("the bulletin board's pager", () => {
  it("is not there for one page", () => {
    render(pager(50, 0));
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("moves a page at a time, says the rows shown after a move, and not after a refresh", () => {
    const onPage = vi.fn();
    const { rerender } = render(pager(120, 0, onPage));
    const previous = screen.getByRole("button", { name: words.previous });
    expect(previous).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(previous);
    expect(onPage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: words.next }));
    expect(onPage).toHaveBeenCalledWith(1);
    rerender(pager(120, 1, onPage));
    const range = screen.getByText("Seals 51–100 of 120");
    expect(range).toHaveAttribute("aria-live", "polite");

    // The board refreshed with a new seal: shown, not said.
    rerender(pager(121, 1, onPage));
    expect(screen.getByText("Seals 51–100 of 121")).toHaveAttribute("aria-live", "off");
  });
});
