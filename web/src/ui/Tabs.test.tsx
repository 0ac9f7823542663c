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

function Harness({ look }: { look?: "side" }) {
  const [active, setActive] = useState<Key>("ballot");
  return (
    <Tabs<Key> tabs={tabs} active={active} onChange={setActive} label="Election" look={look}>
      <p>Panel of {active}</p>
    </Tabs>
  );
}

function PerTab() {
  const [active, setActive] = useState<Key>("ballot");
  return (
    <Tabs<Key>
      tabs={tabs}
      active={active}
      onChange={setActive}
      label="Election"
      panel={(key) => <input aria-label={`Note on ${key}`} />}
      panelClass={(key) => `panel-${key}`}
      panelsClass="panels"
    >
      <p>After the panels</p>
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

  it("stands vertically in the side look: Up and Down move, Left and Right do nothing", async () => {
    const user = userEvent.setup();
    render(<Harness look="side" />);
    expect(screen.getByRole("tablist")).toHaveAttribute("aria-orientation", "vertical");
    await user.click(screen.getByRole("tab", { name: "Ballot" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Panel of voters");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(screen.getByRole("tab", { name: "Results" })).toHaveFocus();
  });

  it("takes a node as a label, named by its text or by its own name", () => {
    const labelled: Array<TabDef<Key>> = [
      {
        key: "ballot",
        label: (
          <>
            Ballot <span className="badge">3</span>
            <span className="visually-hidden"> 3 questions</span>
          </>
        ),
      },
      { key: "voters", label: <b>👥</b>, name: "Voters" },
      { key: "results", label: "Results" },
    ];
    render(
      <Tabs<Key> tabs={labelled} active="ballot" onChange={() => undefined} label="Election">
        <p>Panel</p>
      </Tabs>,
    );
    expect(screen.getByRole("tab", { name: /^Ballot 3\s?3 questions$/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveTextContent("👥");
    expect(screen.getByRole("tabpanel", { name: /^Ballot 3\s?3 questions$/ })).toHaveTextContent("Panel");
  });

  it("styles the list and its tabs with the caller's classes in the custom look", () => {
    render(
      <Tabs<Key>
        tabs={tabs}
        active="voters"
        onChange={() => undefined}
        label="Election"
        look="custom"
        classes={{ list: "my-list", tab: "my-tab", active: "my-active" }}
      >
        <p>Panel</p>
      </Tabs>,
    );
    expect(screen.getByRole("tablist")).toHaveClass("my-list");
    expect(screen.getByRole("tab", { name: "Ballot" }).className).toBe("my-tab");
    expect(screen.getByRole("tab", { name: "Voters" }).className).toBe("my-tab my-active");
  });

  it("gives each tab its own panel, mounted when first shown and labelled by its tab", async () => {
    const user = userEvent.setup();
    render(<PerTab />);
    expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
    expect(screen.getByRole("tabpanel", { name: "Ballot" })).toHaveClass("panel-ballot");
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveAttribute(
      "aria-controls",
      screen.getByRole("tabpanel", { name: "Ballot" }).id,
    );
    expect(screen.getByRole("tab", { name: "Voters" })).not.toHaveAttribute("aria-controls");
    await user.click(screen.getByRole("tab", { name: "Voters" }));
    const voters = screen.getByRole("tabpanel", { name: "Voters" });
    expect(voters).toHaveClass("panel-voters");
    expect(screen.getByRole("tab", { name: "Voters" })).toHaveAttribute("aria-controls", voters.id);
    expect(screen.getByText("After the panels").parentElement).toHaveClass("panels");
  });

  it("keeps a shown panel mounted while hidden, with its state", async () => {
    const user = userEvent.setup();
    render(<PerTab />);
    await user.type(screen.getByRole("textbox", { name: "Note on ballot" }), "half-written");
    const ballot = screen.getByRole("tabpanel", { name: "Ballot" });
    await user.click(screen.getByRole("tab", { name: "Results" }));
    expect(screen.getByRole("tab", { name: "Ballot" })).toHaveAttribute("aria-controls", ballot.id);
    expect(ballot).not.toBeVisible();
    expect(screen.getByRole("tabpanel", { name: "Results" })).toBeVisible();
    await user.keyboard("{Home}");
    expect(screen.getByRole("tabpanel", { name: "Ballot" })).toBe(ballot);
    expect(screen.getByRole("textbox", { name: "Note on ballot" })).toHaveValue("half-written");
    expect(screen.getAllByRole("tabpanel", { hidden: true })).toHaveLength(2);
  });
});
