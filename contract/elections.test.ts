import { describe, expect, it } from "vitest";
import { typedReceipt } from "./bulletin";
import { countDecides, undecidedWhy } from "./count-standing";
import { electionMessages, resultsUnavailable } from "./elections";
import { rankCandidates } from "./ranking";

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

  it("once the count is published, crowns whom it elected, first among equals (its lot decided)", () => {
    const ranked = rankCandidates([candidate("a", 4), candidate("b", 4), candidate("c", 1)], ["b"]);
    expect(ranked.map((r) => [r.candidate.id, r.rank, r.leading])).toEqual([
      ["b", 1, true],
      ["a", 1, false],
      ["c", 3, false],
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

describe("typedReceipt", () => {
  const receipt = "VS-ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-23";

  it("takes a receipt in any case, with dashes, spaces or nothing between its groups", () => {
    for (const typed of [
      receipt,
      receipt.toLowerCase(),
      "vs abcd efgh jklm npqr stuv wxyz 23",
      "VSABCDEFGHJKLMNPQRSTUVWXYZ23",
      " vs-abcd efgh-jklm  npqr stuv-wxyz 23 ",
    ]) {
      expect(typedReceipt(typed)).toBe(receipt);
    }
  });

  it("refuses what is not a receipt: too short, too long, a character receipts never hold", () => {
    for (const typed of [
      "VS-0000-0000-0000",
      receipt.slice(0, -1),
      `${receipt}4`,
      receipt.replace("A", "O"),
      "",
      "XS-ABCD",
    ]) {
      expect(typedReceipt(typed)).toBeNull();
    }
  });
});

describe("a count's standing", () => {
  const quorum = (met: boolean | null) => ({ met });
  it("decides who is elected once completed with its quorum met or without one; says why not otherwise", () => {
    expect(countDecides({ status: "completed", quorum: null })).toBe(true);
    expect(countDecides({ status: "completed", quorum: quorum(true) })).toBe(true);
    expect(undecidedWhy({ status: "completed", quorum: quorum(true) })).toBeNull();
    expect(undecidedWhy({ status: "completed", quorum: quorum(false) })).toBe("Not valid");
    expect(undecidedWhy({ status: "cancelled", quorum: quorum(true) })).toBe("Cancelled");
    expect(undecidedWhy({ status: "active", quorum: quorum(null) })).toBe("Not final");
  });
});
