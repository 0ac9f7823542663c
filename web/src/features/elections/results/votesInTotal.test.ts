import { describe, expect, it } from "vitest";
import type { PositionView } from "../../../../../contract/elections";
import { blankOf, votesInTotal } from "./present";

describe("a plurality question's total", () => {
  it("counts the blank ballots beside the votes, as they were cast too", () => {
    const counted = {
      result: {
        method: "plurality",
        result: { cast: 3, blank: 1, totals: {}, order: [], elected: [], tie: null },
      },
    } as unknown as PositionView;
    expect(blankOf(counted)).toBe(1);
    expect(votesInTotal(2, blankOf(counted))).toBe("2 votes in total and 1 blank");
    expect(votesInTotal(1, 0)).toBe("1 vote in total");
    expect(blankOf({ result: null } as unknown as PositionView)).toBe(0);
  });
});
