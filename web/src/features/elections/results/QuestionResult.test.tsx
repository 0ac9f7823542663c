import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../../../contract/ballots/ballot";
import type { QuestionMethod } from "../../../../../contract/ballots/question";
import type { Election, PositionView } from "../../../../../contract/elections";
import { countQuestion } from "../../../../../server/features/counting";
import { CountNote, QuestionResult } from "./QuestionResult";

const candidates = ["Ann", "Bob", "Cy"].map((name) => ({
  id: name.toLowerCase(),
  name,
  party: "",
  image_url: "",
  statement: "",
  vote_count: null,
}));

function position(
  title: string,
  method: QuestionMethod,
  ballots: Ballot[],
  eligible?: number,
  running = candidates,
): PositionView {
  const people = method.kind === "referendum" ? [] : running;
  return {
    id: title,
    title,
    description: "",
    max_selections: 1,
    method,
    blank: false,
    order: "as_entered",
    candidates: people,
    result: countQuestion({ candidates: people, method }, ballots, { seed: "seed", eligible }),
  };
}

/** Completed below its 50 % quorum: not valid. */
const election = {
  status: "completed",
  quorum_percent: 50,
  votes_cast: 38,
  total_voters: 100,
  quorum: { percent: 50, turnout_percent: 38, met: false },
} as Election;
/** Completed with its quorum met: the count decides. */
const decided = {
  ...election,
  votes_cast: 62,
  quorum: { percent: 50, turnout_percent: 62, met: true },
} as Election;

describe("QuestionResult", () => {
  it("says a referendum passed, why, and what abstained", () => {
    const yes = { kind: "answer", answer: "yes" } as const;
    const motion = position(
      "Motion 3",
      { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
      [yes, yes, { kind: "answer", answer: "no" }, { kind: "answer", answer: "abstain" }],
    );
    render(<QuestionResult election={decided} position={motion} />);
    expect(screen.getByText("Passed")).toBeInTheDocument();
    expect(
      screen.getByText("Yes 2 of 3 Yes and No votes (66.6%); a simple majority needed 2 Yes."),
    ).toBeInTheDocument();
    const answers = screen.getByRole("table");
    expect(within(answers).getByRole("rowheader", { name: "Abstain (not counted)" })).toBeInTheDocument();
  });

  it("gives a referendum of the eligible voters its shares of them, and marks the Yes it needed", () => {
    const answer = (value: "yes" | "no" | "abstain") => ({ kind: "answer", answer: value }) as const;
    const motion = position(
      "Motion 2",
      { kind: "referendum", threshold: "majority", base: "eligible", abstain: true },
      [...Array(5).fill(answer("yes")), answer("no"), ...Array(3).fill(answer("abstain"))],
      9,
    );
    render(<QuestionResult election={election} position={motion} />);
    expect(
      screen.getByText("Yes 5 of 9 eligible voters (55.5%); a simple majority needed 5 Yes."),
    ).toBeInTheDocument();
    expect(screen.getByText("Needed: 5 Yes")).toBeInTheDocument();
    const answers = screen.getByRole("table");
    expect(
      within(answers).getByRole("columnheader", { name: "Share of eligible voters" }),
    ).toBeInTheDocument();
    const shares = within(answers)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(shares).toEqual(["Yes555.5%", "No111.1%", "Abstain333.3%"]);
  });

  it("puts the instant runoff's winner first, then a table of rounds with headers", () => {
    const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });
    const treasurer = position("Treasurer", { kind: "irv" }, [
      ranked("ann"),
      ranked("ann"),
      ranked("bob", "cy"),
      ranked("cy", "bob"),
      ranked("cy", "bob"),
    ]);
    render(<QuestionResult election={decided} position={treasurer} />);
    expect(screen.getByText("Winner: Cy")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Rounds, Treasurer" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Ann", "Bob", "Cy", "Exhausted"]);
    // Each round's words head its figures, across the table.
    expect(within(table).getByRole("rowheader", { name: /^Round 1 Bob eliminated/ })).toHaveAttribute(
      "colspan",
      "4",
    );
    // Not wider than its box here (jsdom lays nothing out): no tab stop to scroll with.
    expect(screen.queryByRole("group", { name: "Rounds, Treasurer" })).toBeNull();
  });

  it("shows an STV count's stages: the change under the votes, Excluded after the stage that excludes, the set-aside column named in full", () => {
    const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });
    const four = [...candidates, { ...candidates[0], id: "di", name: "Di" } as (typeof candidates)[0]];
    // Quota 6 (10 ballots, 1 seat). Di (1) goes at stage 2, to Cy; Cy at stage 3 (tied with Bob at 3,
    // fewer at stage 1); Ann at stage 4.
    const board = position(
      "Board",
      { kind: "stv", seats: 1 },
      [
        ...Array.from({ length: 4 }, () => ranked("ann")),
        ...Array.from({ length: 3 }, () => ranked("bob")),
        ...Array.from({ length: 2 }, () => ranked("cy", "bob")),
        ranked("di", "cy"),
      ],
      undefined,
      four,
    );
    render(<QuestionResult election={decided} position={board} />);
    const table = screen.getByRole("table", { name: "Stages, Board" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Ann", "Bob", "Cy", "Di", "Non-tr. so\u00a0far"]);
    // The abbreviated head is named in full (and says so on hover).
    within(table).getByRole("columnheader", { name: "Non-transferable so far" });
    expect(within(table).getByTitle("Non-transferable so far")).toHaveTextContent("Non-tr. so far");
    // Each stage's words head its figures: the votes, the change under them (named so), or Excluded.
    const rows = within(table).getAllByRole("row");
    const figures = (index: number) =>
      within(rows[index] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(rows[3]).toHaveTextContent("Stage 2 Di excluded; ballots transferred");
    expect(figures(4)).toEqual(["4", "3", "3, change +1", "0, change −1", "0"]);
    expect(rows[5]).toHaveTextContent(/^Stage 3 Cy excluded; ballots transferred. 1 non-transferable/);
    expect(figures(6)).toEqual(["4", "5, change +2", "0, change −3", "Excluded", "1"]);
    expect(figures(8)).toEqual(["0, change −4", "5 (elected)", "Excluded", "Excluded", "5"]);
  });

  it("makes the rounds' box a named tab stop while the table is wider than it, so a keyboard can scroll it", () => {
    const widths = { scrollWidth: 900, clientWidth: 400 };
    const restore = Object.entries(widths).map(([key, value]) => {
      const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key);
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
      return () => {
        if (before) Object.defineProperty(HTMLElement.prototype, key, before);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
      };
    });
    try {
      const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });
      const treasurer = position("Treasurer", { kind: "irv" }, [
        ranked("ann"),
        ranked("bob", "cy"),
        ranked("cy"),
      ]);
      render(<QuestionResult election={decided} position={treasurer} />);
      expect(screen.getByRole("group", { name: "Rounds, Treasurer" })).toHaveAttribute("tabindex", "0");
    } finally {
      for (const undo of restore) undo();
    }
  });

  it("below its quorum names no one elected or passed: only who is ahead", () => {
    const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });
    const treasurer = position("Treasurer", { kind: "irv" }, [
      ranked("cy"),
      ranked("cy", "bob"),
      ranked("ann"),
    ]);
    const { unmount } = render(<QuestionResult election={election} position={treasurer} />);
    expect(screen.getByText("Ahead in the count: Cy")).toBeInTheDocument();
    expect(screen.queryByText(/Winner/)).toBeNull();
    unmount();

    const pick = (...ids: string[]): Ballot => ({ kind: "set", candidates: ids });
    const board = position("Board", { kind: "approval", min: 1, max: 3, seats: 2 }, [
      pick("ann", "bob"),
      pick("ann"),
    ]);
    const second = render(<QuestionResult election={election} position={board} />);
    expect(screen.getByText("Ahead in the count: Ann and Bob")).toBeInTheDocument();
    expect(screen.getAllByText("Ahead")).toHaveLength(2);
    expect(screen.queryByText("Elected")).toBeNull();
    second.unmount();

    const yes = { kind: "answer", answer: "yes" } as const;
    const motion = position(
      "Motion 4",
      { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
      [yes],
    );
    const third = render(<QuestionResult election={election} position={motion} />);
    expect(screen.getByText("Not valid")).toBeInTheDocument();
    expect(screen.queryByText("Passed")).toBeNull();
    third.unmount();
    render(<QuestionResult election={{ ...decided, status: "cancelled" }} position={motion} />);
    expect(screen.getByText("Cancelled")).toBeInTheDocument();
    expect(screen.queryByText("Passed")).toBeNull();
  });

  it("shows the quorum verdict beside the result, and a cancelled election's", () => {
    const { unmount } = render(<CountNote election={election} />);
    expect(screen.getByText("Not valid: turnout 38.0% below the 50% quorum")).toBeInTheDocument();
    unmount();
    render(<CountNote election={{ ...decided, status: "cancelled" }} />);
    expect(screen.getByText(/^Cancelled: no one is elected/)).toBeInTheDocument();
  });
});
