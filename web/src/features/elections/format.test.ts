// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import {
  calendarDate,
  channelStatusTone,
  rankPosition,
  resultsStatusTone,
  share,
  shorten,
  statusLabel,
  turnout,
} from "./format";

describe("elections format", () => {
  it("writes turnout and shares to one decimal, 0 when there is nothing to divide", () => {
    expect(turnout({ votes_cast: 1, total_voters: 3 })).toBe("33.3");
    expect(turnout({ votes_cast: 0, total_voters: 0 })).toBe("0");
    expect(share(2, 3)).toBe("66.7");
    expect(share(0, 0)).toBe("0");
  });

  it("ranks candidates with shares; a tie shares the lead", () => {
    const position = {
      id: "p",
      title: "Chair",
      candidates: [
        { id: "a", name: "A", vote_count: 2 },
        { id: "b", name: "B", vote_count: 5 },
        { id: "c", name: "C", vote_count: 5 },
      ],
    } as unknown as PositionView;
    const { total, ranked, leaders } = rankPosition(position);
    expect(total).toBe(12);
    expect(ranked.map((c) => [c.id, c.rank, c.share])).toEqual([
      ["b", 1, "41.7"],
      ["c", 1, "41.7"],
      ["a", 3, "16.7"],
    ]);
    expect(leaders.map((c) => c.id)).toEqual(["b", "c"]);
  });

  it("has no leader while nobody has voted", () => {
    const position = {
      id: "p",
      title: "Chair",
      candidates: [{ id: "a", name: "A", vote_count: 0 }],
    } as unknown as PositionView;
    expect(rankPosition(position).leaders).toEqual([]);
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
