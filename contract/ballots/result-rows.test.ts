import { describe, expect, it } from "vitest";
import { countQuestion } from "../../server/features/counting";
import type { Ballot } from "./ballot";
import type { QuestionMethod } from "./question";
import { EXCLUDED, methodLabel, resultRows, stvFigures, winnersOf } from "./result-rows";

const people = ["a", "b", "c", "d"].map((id) => ({
  id,
  name: id.toUpperCase(),
  party: id === "a" ? "Blue" : "",
}));
const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });

function rows(method: QuestionMethod, ballots: Ballot[], candidates = people) {
  const counted = countQuestion({ method, candidates }, ballots, { seed: "s", eligible: 10 });
  return { counted, rows: resultRows({ title: "Q", method, candidates }, counted, null) };
}
const find = (table: string[][], first: string) => table.find((row) => row[0] === first);

describe("a result as rows", () => {
  it("plurality: winners, then rank, candidate, party (Independent for none), votes and elected", () => {
    const { rows: table, counted } = rows({ kind: "plurality" }, [
      { kind: "choice", candidate: "b" },
      { kind: "choice", candidate: "b" },
      { kind: "choice", candidate: "a" },
      { kind: "blank" },
    ]);
    expect(winnersOf(counted)).toEqual(["b"]);
    expect(find(table, "Method")).toEqual(["Method", "Plurality"]);
    expect(find(table, "Ballots cast")).toEqual(["Ballots cast", "4"]);
    expect(find(table, "Blank")).toEqual(["Blank", "1"]);
    expect(find(table, "Elected")).toEqual(["Elected", "B"]);
    const header = table.findIndex((row) => row[0] === "Rank");
    expect(table.slice(header, header + 3)).toEqual([
      ["Rank", "Candidate", "Party", "Votes", "Elected"],
      ["1", "B", "Independent", "2", "Yes"],
      ["2", "A", "Blue", "1", ""],
    ]);
    // Equal totals share a rank (competition ranking).
    expect(table.slice(header + 3).map((row) => row[0])).toEqual(["3", "3"]);
  });

  it("deciding nothing (below its quorum, cancelled), names no one elected: who is ahead, and the outcome's word", () => {
    const ballots: Ballot[] = [{ kind: "choice", candidate: "b" }];
    const counted = countQuestion({ method: { kind: "plurality" }, candidates: people }, ballots, {
      seed: "s",
      eligible: 10,
    });
    const table = resultRows(
      { title: "Q", method: { kind: "plurality" }, candidates: people },
      counted,
      "Not valid",
    );
    expect(find(table, "Elected")).toBeUndefined();
    expect(find(table, "Ahead in the count")).toEqual(["Ahead in the count", "B"]);
    expect(find(table, "Rank")).toEqual(["Rank", "Candidate", "Party", "Votes", "Ahead"]);
    const motion: QuestionMethod = {
      kind: "referendum",
      threshold: "two_thirds",
      base: "cast",
      abstain: true,
    };
    const referendum = countQuestion({ method: motion, candidates: [] }, [], { seed: "s", eligible: 10 });
    const outcome = resultRows({ title: "M", method: motion, candidates: [] }, referendum, "Cancelled");
    expect(find(outcome, "Outcome")).toEqual(["Outcome", "Cancelled"]);
  });

  it("approval names its figure Approvals and reports a tie broken by lot", () => {
    const { rows: table } = rows({ kind: "approval", min: 0, max: 2, seats: 1 }, [
      { kind: "set", candidates: ["a", "b"] },
    ]);
    expect(table.find((row) => row[0] === "Rank")?.[3]).toBe("Approvals");
    expect(find(table, "Tie broken by lot")?.[1]).toMatch(/^(A; B|B; A) → [AB]$/);
  });

  it("referendum: Yes, No, Abstain, the threshold, its base and the Yes needed", () => {
    const method: QuestionMethod = {
      kind: "referendum",
      threshold: "two_thirds",
      base: "cast",
      abstain: true,
    };
    const answer = (a: "yes" | "no" | "abstain"): Ballot => ({ kind: "answer", answer: a });
    const { rows: table, counted } = rows(
      method,
      [answer("yes"), answer("yes"), answer("no"), answer("abstain")],
      [],
    );
    expect(winnersOf(counted)).toEqual([]);
    expect(find(table, "Outcome")).toEqual(["Outcome", "Passed"]);
    expect(find(table, "Yes")).toEqual(["Yes", "2"]);
    expect(find(table, "No")).toEqual(["No", "1"]);
    expect(find(table, "Abstain")).toEqual(["Abstain", "1"]);
    expect(find(table, "Threshold")).toEqual(["Threshold", "Two thirds of the Yes and No votes"]);
    expect(find(table, "Yes needed")).toEqual(["Yes needed", "2"]);
    expect(methodLabel(method)).toBe("Referendum: Two thirds of the Yes and No votes");
  });

  it("IRV: one row per round with each continuing candidate's total, eliminations and transfers", () => {
    const { rows: table, counted } = rows({ kind: "irv" }, [
      ranked("a", "b"),
      ranked("a"),
      ranked("b", "a"),
      ranked("c", "b"),
      ranked("b"),
    ]);
    const header = table.findIndex((row) => row[0] === "Round");
    expect(table[header]).toEqual([
      "Round",
      "A",
      "B",
      "C",
      "D",
      "Exhausted",
      "Active",
      "Elected",
      "Eliminated",
      "Transfers",
      "Tie",
    ]);
    const rounds = counted.method === "irv" ? counted.result.rounds : [];
    expect(table.slice(header + 1)).toHaveLength(rounds.length);
    expect(table[header + 1]?.slice(0, 5)).toEqual(["1", "2", "2", "1", "0"]);
    expect(find(table, "Elected")).toEqual(["Elected", winnersOf(counted).map((id) => id.toUpperCase())[0]]);
  });

  it("STV: seats, quota, elected, then one row per stage with its action and every candidate's votes", () => {
    const { rows: table, counted } = rows({ kind: "stv", seats: 2 }, [
      ranked("a", "b"),
      ranked("a", "b"),
      ranked("a", "c"),
      ranked("c"),
      ranked("d", "c"),
    ]);
    if (counted.method !== "stv") throw new Error("not stv");
    expect(find(table, "Seats")).toEqual(["Seats", "2"]);
    expect(find(table, "Quota")).toEqual(["Quota", String(counted.result.quota)]);
    const header = table.findIndex((row) => row[0] === "Stage");
    expect(table.slice(header + 1)).toHaveLength(counted.result.stages.length);
    expect(table[header + 1]?.slice(0, 6)).toEqual(["1", "First preferences", "3", "0", "1", "1"]);
    expect(table[header + 2]?.[1]).toMatch(/^Surplus of A/);
  });

  // A 6, B 4, C 3 and D 1 (who prefers C): D goes first; then B and C have 4 each, and the
  // totals of the first round (stage) decide: C, with 3 there, is eliminated (excluded).
  const earlierTie = [
    ...Array.from({ length: 6 }, () => ranked("a")),
    ...Array.from({ length: 4 }, () => ranked("b")),
    ...Array.from({ length: 3 }, () => ranked("c")),
    ranked("d", "c"),
  ];
  const tieCell = (table: string[][], header: string) => {
    const head = table.findIndex((row) => row[0] === header);
    const column = table[head]?.indexOf("Tie") ?? -1;
    return table.slice(head + 1).map((row) => row[column] ?? "");
  };

  it("a tie decided by earlier totals names the method's step: round for IRV, stage for STV", () => {
    const irv = rows({ kind: "irv" }, earlierTie).rows;
    expect(tieCell(irv, "Round").filter(Boolean)).toEqual(["B, C: C by round 1 totals"]);
    const stv = rows({ kind: "stv", seats: 1 }, earlierTie).rows;
    expect(tieCell(stv, "Stage").filter(Boolean)).toEqual(["B, C: C by stage 1 totals"]);
    expect(stv.flat().join(" ")).not.toMatch(/round/i);
  });

  it("STV: the non-transferable votes of each stage, and in all so far, under their own names", () => {
    const { rows: table, counted } = rows({ kind: "stv", seats: 1 }, earlierTie);
    if (counted.method !== "stv") throw new Error("not stv");
    const header = table.findIndex((row) => row[0] === "Stage");
    const at = table[header]?.indexOf("Non-transferable this stage") ?? -1;
    const soFar = table[header]?.indexOf("Non-transferable so far") ?? -1;
    expect([at, soFar].every((column) => column > 0)).toBe(true);
    expect(table[header]).not.toContain("Exhausted");
    const stages = table.slice(header + 1);
    // C's 4 ballots have no next preference (stage 3), then B's 4 (stage 4).
    expect(stages.map((row) => [row[at], row[soFar]])).toEqual([
      ["0", "0"],
      ["0", "0"],
      ["4", "4"],
      ["4", "8"],
    ]);
  });

  it("STV: an excluded candidate's votes leave at the stage that excludes them; the stages after say Excluded", () => {
    const { rows: table, counted } = rows({ kind: "stv", seats: 1 }, earlierTie);
    if (counted.method !== "stv") throw new Error("not stv");
    // D (1) goes at stage 2, to C; C (then 4, tied with B) at stage 3; B at stage 4.
    expect(stvFigures(counted.result, ["a", "b", "c", "d"])).toEqual([
      [
        { votes: 6, change: 0 },
        { votes: 4, change: 0 },
        { votes: 3, change: 0 },
        { votes: 1, change: 0 },
      ],
      [
        { votes: 6, change: 0 },
        { votes: 4, change: 0 },
        { votes: 4, change: 1 },
        { votes: 0, change: -1 },
      ],
      [{ votes: 6, change: 0 }, { votes: 4, change: 0 }, { votes: 0, change: -4 }, null],
      [{ votes: 6, change: 0 }, { votes: 0, change: -4 }, null, null],
    ]);
    const header = table.findIndex((row) => row[0] === "Stage");
    const transfers = table[header]?.indexOf("Transfers") ?? -1;
    expect(transfers).toBeGreaterThan(0);
    const stages = table.slice(header + 1);
    expect(stages.map((row) => row.slice(2, 6))).toEqual([
      ["6", "4", "3", "1"],
      ["6", "4", "4", "0"],
      ["6", "4", "0", EXCLUDED],
      ["6", "0", EXCLUDED, EXCLUDED],
    ]);
    expect(stages.map((row) => row[transfers])).toEqual(["", "C: 1; D: -1", "C: -4", "B: -4"]);
  });

  it("Schulze: the pairwise matrix, row over column, blank on the diagonal, and the strongest paths", () => {
    const { rows: table } = rows({ kind: "schulze" }, [
      ranked("a", "b", "c", "d"),
      ranked("a", "c", "b", "d"),
    ]);
    const header = table.findIndex((row) => row[0] === "Pairwise: row over column");
    expect(table[header]).toEqual(["Pairwise: row over column", "A", "B", "C", "D"]);
    expect(table[header + 1]).toEqual(["A", "", "2", "2", "2"]);
    expect(table[header + 2]).toEqual(["B", "0", "", "1", "2"]);
    expect(find(table, "Strongest paths")).toBeDefined();
    expect(find(table, "Order")?.[1]).toBe("A > B; C > D");
  });

  it("majority judgment: each candidate's grade distribution and majority grade, best first", () => {
    const grades = ["Excellent", "Good", "Fair", "Reject"];
    const g = (a: number, b: number): Ballot => ({ kind: "grades", grades: { a, b } });
    const two = people.slice(0, 2);
    const { rows: table } = rows({ kind: "majority_judgment", grades }, [g(0, 1), g(1, 2), g(0, 3)], two);
    const header = table.findIndex((row) => row[0] === "Place");
    expect(table.slice(header)).toEqual([
      ["Place", "Candidate", ...grades, "Majority grade"],
      ["1", "A", "2", "1", "0", "0", "Excellent"],
      ["2", "B", "0", "1", "1", "1", "Fair"],
    ]);
  });
});
