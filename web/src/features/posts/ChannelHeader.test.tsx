import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Channel } from "../../../../contract/channels";
import type { useWorkspace } from "../workspace/WorkspaceContext";
import { ChannelHeader } from "./ChannelHeader";
import { text } from "./text";

vi.mock("../workspace/WorkspaceContext", () => ({
  useWorkspace: () =>
    ({
      current: { name: "Riverside Student Union", description: "", member_count: 49 },
    }) as unknown as ReturnType<typeof useWorkspace>,
}));

const channel = { id: "c", name: "general", is_private: false } as Channel;

function renderHeader() {
  const props = { onSearch: vi.fn(), onClose: vi.fn(), onMentions: vi.fn(), onMembers: vi.fn() };
  render(<ChannelHeader channel={channel} mentionsOpen={false} {...props} />);
  return props;
}

describe("the text channel's header", () => {
  it("opens the Members tab from the member count, named in full where only its number shows", () => {
    const props = renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "49 members" }));
    expect(props.onMembers).toHaveBeenCalledOnce();
  });

  it("opens the search from its button (a phone's), its field focused, and closes it again", () => {
    const props = renderHeader();
    const toggle = screen.getByRole("button", { name: text.searchLabel });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.tagName).toBe("FORM");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const field = screen.getByRole("searchbox", { name: text.searchLabel });
    expect(field).toHaveFocus();

    fireEvent.change(field, { target: { value: "agenda" } });
    fireEvent.submit(field);
    expect(props.onSearch).toHaveBeenCalledWith("agenda");

    fireEvent.click(screen.getByRole("button", { name: text.closeSearch }));
    expect(field).toHaveValue("");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(props.onClose).toHaveBeenCalled();
    // The focus goes back to the button that opened it, by the × or by Escape.
    expect(toggle).toHaveFocus();
    fireEvent.click(toggle);
    fireEvent.keyDown(field, { key: "Escape" });
    expect(toggle).toHaveFocus();
  });
});
