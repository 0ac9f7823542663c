import { describe, expect, it } from "vitest";
import { leaderLabel } from "./Trophy";

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
