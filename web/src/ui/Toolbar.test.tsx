import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Toolbar } from "./Toolbar";

/** Two toolbars, as two messages' actions; the second's middle button opens a palette of its own. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">before</button>
      <Toolbar label="First">
        <button type="button">Like</button>
        <button type="button">Reply</button>
        <button type="button">More</button>
      </Toolbar>
      <Toolbar label="Second">
        <button type="button">Like 2</button>
        <div>
          <button type="button" onClick={() => setOpen(!open)}>
            React 2
          </button>
          {open && (
            // biome-ignore lint/a11y/useSemanticElements: as the emoji palette: a group of buttons
            <div role="group" aria-label="Palette">
              <button type="button">Smile</button>
              <button type="button">Heart</button>
            </div>
          )}
        </div>
        <button type="button" disabled>
          Off 2
        </button>
        <button type="button">More 2</button>
      </Toolbar>
      <button type="button">after</button>
    </>
  );
}

describe("Toolbar", () => {
  it("is one tab stop, named, entered at its first button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole("toolbar", { name: "First" })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Like" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Like 2" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "after" })).toHaveFocus();
  });

  it("moves with Left, Right, Home and End, wrapping, and is entered again where it was left", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Like" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Reply" })).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("button", { name: "Like" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("button", { name: "More" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("button", { name: "Like" })).toHaveFocus();
    await user.keyboard("{End}{ArrowLeft}");
    expect(screen.getByRole("button", { name: "Reply" })).toHaveFocus();
    await user.tab();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Reply" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Like" })).toHaveAttribute("tabindex", "-1");
  });

  it("skips disabled buttons and leaves a palette opened from a button its own Tab order", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Like 2" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "React 2" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "More 2" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    await user.tab();
    expect(screen.getByRole("button", { name: "Smile" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Smile" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Heart" })).toHaveFocus();
  });
});
