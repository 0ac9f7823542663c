// @vitest-environment node

import { describe, expect, it } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import { percentOf } from "../../../../contract/elections";
import { calendarDate, channelStatusTone, resultsStatusTone, shorten, statusLabel, turnout } from "./format";
import { rankPosition } from "./results/ranking";

describe("elections format", () => {
  it("writes turnout and shares to one decimal, 0 when there is nothing to divide", () => {
    expect(turnout({ votes_cast: 1, total_voters: 3 })).toBe("33.3");
    expect(turnout({ votes_cast: 0, total_voters: 0 })).toBe("0");
    // Cut, as every share on every screen (percentOf): 2 of 3 is 66.6, half is 50.0.
    expect(percentOf(2, 3)).toBe("66.6");
    expect(percentOf(1, 2)).toBe("50.0");
    expect(percentOf(0, 0)).toBe("0");
  });

  /** B and C tie for the chair; the count (once published) elected C by lot. */
  const chair = {
    id: "p",
    title: "Chair",
    candidates: [
      { id: "a", name: "A", vote_count: 2 },
      { id: "b", name: "B", vote_count: 5 },
      { id: "c", name: "C", vote_count: 5 },
    ],
    result: {
      method: "plurality",
      result: { cast: 12, blank: 0, totals: [], elected: ["c"], tie: { tied: ["b", "c"], elected: ["c"] } },
    },
  } as unknown as PositionView;

  it("ranks candidates with shares; a tie shares the lead until the count is published", () => {
    const { total, ranked, leaders, tie } = rankPosition(chair, "cancelled");
    expect(total).toBe(12);
    expect(ranked.map((c) => [c.id, c.rank, c.share])).toEqual([
      ["b", 1, "41.6"],
      ["c", 1, "41.6"],
      ["a", 3, "16.6"],
    ]);
    expect(leaders.map((c) => c.id)).toEqual(["b", "c"]);
    expect(tie).toBeNull();
  });

  it("crowns whom the completed election's count elected (as the board says), and says how its tie was decided", () => {
    const { ranked, leaders, tie } = rankPosition(chair, "completed");
    expect(ranked.map((c) => [c.id, c.rank, c.leading])).toEqual([
      ["c", 1, true],
      ["b", 1, false],
      ["a", 3, false],
    ]);
    expect(leaders.map((c) => c.id)).toEqual(["c"]);
    expect(tie).toBe("C tied with B; decided by the public seed");
  });

  it("has no leader while nobody has voted", () => {
    const position = {
      id: "p",
      title: "Chair",
      candidates: [{ id: "a", name: "A", vote_count: 0 }],
    } as unknown as PositionView;
    expect(rankPosition(position, "completed").leaders).toEqual([]);
  });

  it("names statuses and colours them per screen (spec)", () => {
    expect(statusLabel("active")).toBe("Active");
    expect(statusLabel("paused")).toBe("Paused");
    expect(["active", "completed", "upcoming", "cancelled"].map(channelStatusTone)).toEqual([
      "green",
      "grey",
      "yellow",
      "yellow",
    ]);
    expect(["completed", "active", "upcoming", "cancelled", "other"].map(resultsStatusTone)).toEqual([
      "green",
      "blue",
      "yellow",
      "red",
      "grey",
    ]);
  });

  it("shortens a long hash around an ellipsis and leaves a short one whole", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    expect(shorten(hash)).toBe("0123456789…abcdef");
    expect(shorten("abc")).toBe("abc");
  });

  it("writes an election's calendar date without a time-zone shift, and leaves a bad one as it is", () => {
    expect(calendarDate("2026-03-01", "short")).toBe(
      new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" }).format(
        new Date(2026, 2, 1),
      ),
    );
    expect(calendarDate("2026-03-01")).toContain("2026");
    expect(calendarDate("not a date")).toBe("not a date");
  });
});
