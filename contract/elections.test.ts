import { describe, expect, it } from "vitest";
import { electionMessages, rankCandidates, resultsUnavailable } from "./elections";

const candidate = (id: string, vote_count: number | null) => ({ id, vote_count });

describe("rankCandidates", () => {
  it("gives equal votes one rank and a trophy each, then skips (1, 1, 3)", () => {
    const ranked = rankCandidates([
      candidate("a", 4),
      candidate("b", 7),
      candidate("c", 7),
      candidate("d", 1),
    ]);
    expect(ranked.map((r) => [r.candidate.id, r.rank, r.leading])).toEqual([
      ["b", 1, true],
      ["c", 1, true],
      ["a", 3, false],
      ["d", 4, false],
    ]);
  });

  it("crowns nobody while no vote was counted", () => {
    const ranked = rankCandidates([candidate("a", 0), candidate("b", 0)]);
    expect(ranked.map((r) => [r.rank, r.leading])).toEqual([
      [1, false],
      [1, false],
    ]);
  });
});

describe("resultsUnavailable", () => {
  it("says not yet before and during voting, and withheld for a cancelled election", () => {
    expect(resultsUnavailable("upcoming")).toBe(electionMessages.resultsPending);
    expect(resultsUnavailable("active")).toBe(electionMessages.resultsPending);
    expect(resultsUnavailable("cancelled")).toBe(electionMessages.resultsHidden);
    expect(electionMessages.resultsHidden).not.toMatch(/will be published/);
  });
});
