import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type TabDef, Tabs } from "./Tabs";

type Key = "ballot" | "voters" | "results";
const tabs: Array<TabDef<Key>> = [
  { key: "ballot", label: "Ballot" },
  { key: "voters", label: "Voters" },
  { key: "results", label: "Results" },
];

function Harness() {
  const [active, setActive] = useState<Key>("ballot");
  return (
    <Tabs<Key> tabs={tabs} active={active} onChange={setActive} label="Election">
      <p>Panel of {active}</p>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("names the list, selects one tab and labels the panel by it", () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "Election" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel", { name: "Ballot" })).toHaveTextContent("Panel of ballot");
  });

  it("keeps only the selected tab in the Tab order (roving tabindex)", async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <Harness />
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveAttribute("tabindex", "-1");
    expect(screen.getByRole("tab", { name: "Results" })).toHaveAttribute("tabindex", "-1");
  });

  it("moves and selects with the arrow keys, wrapping at both ends", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("tab", { name: "Ballot" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of voters");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Results" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Results" })).toHaveAttribute("aria-selected", "true");
  });

  it("jumps to the first and last tab with Home and End", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("tab", { name: "Voters" }));
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Results" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of ballot");
  });

  it("selects a tab on click", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("tab", { name: "Results" }));
    expect(screen.getByRole("tabpanel", { name: "Results" })).toHaveTextContent("Panel of results");
  });
});
