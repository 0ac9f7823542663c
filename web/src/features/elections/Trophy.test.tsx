import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { leaderLabel, Trophy } from "./Trophy";

describe("the leader's label", () => {
  const quorum = (met: boolean | null) => ({ percent: 80, turnout_percent: 42.8, met });

  it("names a winner only of a completed election whose quorum, if any, is met", () => {
    expect(leaderLabel({ status: "completed", quorum: null }, false)).toBe("Winner");
    expect(leaderLabel({ status: "completed", quorum: quorum(true) }, false)).toBe("Winner");
    // Not valid (turnout below the quorum): the most votes, not a winner.
    expect(leaderLabel({ status: "completed", quorum: quorum(false) }, false)).toBe("Most votes");
    expect(leaderLabel({ status: "cancelled", quorum: null }, false)).toBe("Most votes");
    expect(leaderLabel({ status: "completed", quorum: null }, true)).toBe("Tied for first");
  });
});

describe("the trophy", () => {
  it("crowns only when the count decides; otherwise it says Ahead beside a grey trophy", () => {
    const { unmount } = render(<Trophy election={{ status: "completed", quorum: null }} />);
    expect(screen.getByTitle("Winner")).toHaveTextContent("(Winner)");
    unmount();
    const below = render(<Trophy election={{ status: "completed", quorum: { met: false } }} />);
    expect(screen.getByTitle("Most votes")).toHaveTextContent("Ahead");
    below.unmount();
    render(<Trophy election={{ status: "cancelled", quorum: null }} tied />);
    expect(screen.getByTitle("Tied for first")).toHaveTextContent("Tied for first");
  });
});
