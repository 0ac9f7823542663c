import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../../../contract/ballots/ballot";
import type { Question } from "../../../../../contract/ballots/question";
import { resultRows } from "../../../../../contract/ballots/result-rows";
import { percentOf } from "../../../../../contract/elections";
import { countQuestion } from "../../../../../server/features/counting";
import {
  irvRoundTable,
  mjRows,
  namesOf,
  pairwiseRows,
  quorumVerdict,
  type RoundRow,
  referendumVerdict,
  schulzeOrderText,
  stvQuotaText,
  stvRoundTable,
  tieTexts,
  totalsRows,
  winnersLine,
} from "./present";

const ranked = (...ids: string[]): Ballot => ({ kind: "ranking", ranks: ids.map((id) => [id]) });
const times = (n: number, ballot: Ballot) => Array.from({ length: n }, () => ballot);
const people = (...names: string[]) =>
  names.map((name) => ({
    id: name.toLowerCase(),
    name,
    party: "",
    image_url: "",
    statement: "",
    vote_count: null,
  }));
/** A row's cells as the screen shows them: the votes, and the change under them. */
const shown = (row: RoundRow | undefined) =>
  row?.cells.map((cell) => [cell.votes, cell.change].filter(Boolean).join(" "));
const count = (
  candidates: ReturnType<typeof people>,
  method: Question["method"],
  ballots: Ballot[],
  eligible?: number,
) => countQuestion({ candidates, method }, ballots, { seed: "public-seed", eligible });

describe("quorum", () => {
  const closed = (percent: number, cast: number, total: number) => ({
    votes_cast: cast,
    total_voters: total,
    quorum: {
      percent,
      // As the server sends it: rounded to one decimal, met in whole numbers.
      turnout_percent: total === 0 ? 0 : Math.round((cast * 1000) / total) / 10,
      met: cast * 100 >= percent * total,
    },
  });
  it("says a turnout below the quorum is not valid, in the issue's words", () => {
    expect(quorumVerdict(closed(50, 38, 100))).toEqual({
      valid: false,
      text: "Not valid: turnout 38.0% below the 50% quorum",
    });
  });
  it("says a turnout at or over the quorum is valid", () => {
    expect(quorumVerdict(closed(50, 62, 100))?.text).toBe("Valid: turnout 62.0%, quorum 50%");
    expect(quorumVerdict(closed(50, 1, 2))?.valid).toBe(true);
  });
  it("never shows a turnout that rounds up to the quorum as below it", () => {
    // 999 of 2000 is 49.95%: the server rounds it to 50; shown cut, 49.9%, and not valid.
    expect(quorumVerdict(closed(50, 999, 2000))).toEqual({
      valid: false,
      text: "Not valid: turnout 49.9% below the 50% quorum",
    });
    // One rule for every share on every screen: 1 decimal, cut.
    expect(percentOf(2, 3)).toBe("66.6");
    expect(percentOf(1, 2)).toBe("50.0");
    expect(percentOf(0, 0)).toBe("0");
  });
  it("is absent without a quorum rule, and gives no verdict while voting is open", () => {
    expect(quorumVerdict({ quorum: null, votes_cast: 0, total_voters: 0 })).toBeNull();
    expect(
      quorumVerdict({
        votes_cast: 3,
        total_voters: 10,
        quorum: { percent: 50, turnout_percent: 30, met: null },
      }),
    ).toEqual({
      valid: null,
      text: "Turnout so far 30.0%; quorum 50%",
    });
  });
});

describe("referendum", () => {
  const yes = { kind: "answer", answer: "yes" } as const;
  const no = { kind: "answer", answer: "no" } as const;
  const abstain = { kind: "answer", answer: "abstain" } as const;
  const method = { kind: "referendum", threshold: "two_thirds", base: "cast", abstain: true } as const;

  it("passes at two thirds of Yes and No, abstentions shown but not counted", () => {
    const result = count([], method, [...times(6, yes), ...times(3, no), ...times(4, abstain)]);
    if (result.method !== "referendum") throw new Error("referendum expected");
    const verdict = referendumVerdict(result.result);
    expect(verdict.label).toBe("Passed");
    expect(verdict.detail).toBe("Yes 6 of 9 Yes and No votes (66.6%); two thirds needed 6 Yes.");
    expect(verdict.abstentions).toBe("4 abstained (shown, not counted).");
    expect(winnersLine(result, namesOf({ candidates: [] }))).toBe("Passed");
  });
  it("does not pass one vote short, and names the eligible base", () => {
    const result = count([], { ...method, base: "eligible" }, [...times(6, yes), ...times(3, no)], 10);
    if (result.method !== "referendum") throw new Error("referendum expected");
    const verdict = referendumVerdict(result.result);
    expect(verdict.label).toBe("Not passed");
    expect(verdict.detail).toBe("Yes 6 of 10 eligible voters (60.0%); two thirds needed 7 Yes.");
    expect(verdict.thresholdShare).toBe("70.0");
    expect(verdict.abstentions).toBeNull();
  });
});

describe("instant runoff rounds", () => {
  // Wikipedia's Tennessee example ("Instant-runoff voting"), per 100 voters.
  const candidates = people("Memphis", "Nashville", "Chattanooga", "Knoxville");
  const ballots = [
    ...times(42, ranked("memphis", "nashville", "chattanooga", "knoxville")),
    ...times(26, ranked("nashville", "chattanooga", "knoxville", "memphis")),
    ...times(15, ranked("chattanooga", "knoxville", "nashville", "memphis")),
    ...times(17, ranked("knoxville", "chattanooga", "nashville", "memphis")),
  ];

  it("has a row per round with the eliminated candidate, the transfers and the winner", () => {
    const result = count(candidates, { kind: "irv" }, ballots);
    if (result.method !== "irv") throw new Error("irv expected");
    const table = irvRoundTable(result.result, { candidates });
    expect(table.columns.map((c) => c.name)).toEqual(["Memphis", "Nashville", "Chattanooga", "Knoxville"]);
    expect(table.setAsideLabel).toBe("Exhausted");
    expect(table.step).toBe("round");
    expect(table.rows.map((row) => row.label)).toEqual(["Round 1", "Round 2", "Round 3"]);
    expect(shown(table.rows[0])).toEqual(["42", "26", "15", "17"]);
    expect(table.rows[0]).toMatchObject({
      setAside: "0",
      events: "Chattanooga eliminated; ballots moved: 15 to Knoxville",
    });
    expect(shown(table.rows[1])).toEqual(["42", "26", "", "32"]);
    expect(table.rows[1]).toMatchObject({
      events: "Nashville eliminated; ballots moved: 26 to Knoxville",
    });
    // Wikipedia: Knoxville wins the instant runoff.
    expect(shown(table.rows[2])).toEqual(["42", "", "", "58"]);
    expect(table.rows[2]).toMatchObject({
      events: "Knoxville elected with 58 of 100 (58.0%)",
      elected: ["knoxville"],
    });
    expect(winnersLine(result, namesOf({ candidates }))).toBe("Winner: Knoxville");
  });
});

describe("STV stages", () => {
  const candidates = people("Ann", "Bob", "Cy", "Di", "Ed");
  const ballots: Ballot[] = [
    ...times(8, ranked("ann", "bob", "cy")),
    ...times(3, ranked("bob", "ann")),
    ...times(2, ranked("cy", "di")),
    ...times(2, ranked("di")),
    ranked("ed", "bob"),
    { kind: "blank" },
  ];

  it("shows the quota, each stage's change, the surplus, exclusions and the non-transferable", () => {
    const result = count(candidates, { kind: "stv", seats: 2 }, ballots);
    if (result.method !== "stv") throw new Error("stv expected");
    // 16 valid ballots, 2 seats: floor(16 / 3) + 1 = 6.
    expect(result.result.quota).toBe(6);
    expect(stvQuotaText(result.result)).toMatch(
      /^Quota 6 \(Droop: 16 valid ballots ÷ \(2 seats \+ 1\), rounded down, plus 1\)\./,
    );
    const table = stvRoundTable(result.result, { candidates });
    expect(table.setAsideLabel).toBe("Non-transferable so far");
    // Its column's head is shorter: the note says both.
    expect(table.setAsideShort).toBe("Non-tr. so\u00a0far");
    expect(table.setAsideNote).toMatch(
      /^Non-transferable so far \(Non-tr\. so\u00a0far\): .* in all up to the end of the stage/,
    );
    expect(shown(table.rows[0])).toEqual(["8", "3", "2", "2", "1"]);
    expect(table.rows[0]).toMatchObject({
      label: "Stage 1",
      events: "First preferences. Ann elected",
      elected: ["ann"],
    });
    // Ann's surplus of 2 goes to Bob (all 8 of her ballots name him next, at 0.25 each).
    expect(shown(table.rows[1])).toEqual(["6 −2", "5 +2", "2", "2", "1"]);
    expect(table.rows[1]).toMatchObject({
      events: "Surplus of Ann (2) transferred",
    });
    const all = table.rows.map((row) => row.events).join(" | ");
    expect(all).toContain("Ed excluded; ballots transferred");
    expect(all).toContain("Bob elected");
    expect(winnersLine(result, namesOf({ candidates }))).toBe("Elected: Ann and Bob");
  });

  // The demo's board (server/features/demo/board-election.ts): three seats, six candidates, two of
  // them excluded with stages after.
  const board = people("Ngozi", "Samuel", "Priya", "Joao", "Hannah", "Yusuf");
  const ids = board.map((c) => c.id);
  const blocs: Array<[number, number[]]> = [
    [11, [0, 1, 2]],
    [7, [1, 0]],
    [6, [2, 4, 3]],
    [5, [3, 4, 5, 2]],
    [5, [4, 3, 2]],
    [4, [5, 3]],
    [2, [0, 2, 4, 1, 3, 5]],
    [2, [2, 0]],
  ];
  const boardBallots = blocs.flatMap(([n, order]) => times(n, ranked(...order.map((i) => ids[i] ?? ""))));

  it("shows an excluded candidate's votes leaving at the stage that excludes them, then Excluded", () => {
    const result = count(board, { kind: "stv", seats: 3 }, boardBallots);
    if (result.method !== "stv") throw new Error("stv expected");
    const table = stvRoundTable(result.result, { candidates: board });
    // Yusuf (4) goes at stage 3, to Joao; Hannah (5) at stage 4.
    expect(table.rows[2]?.events).toBe("Yusuf excluded; ballots transferred");
    expect(shown(table.rows[2])).toEqual(["11", "8.69224", "8.30768", "9 +4", "5", "0 −4"]);
    expect(table.rows[2]?.values[5]).toBe(0);
    expect(shown(table.rows[3])).toEqual(["11", "8.69224", "8.30768", "14 +5", "0 −5", "Excluded"]);
    for (const row of table.rows.slice(4)) {
      expect(row.cells.slice(4)).toEqual([
        { votes: "Excluded", change: "" },
        { votes: "Excluded", change: "" },
      ]);
      expect(row.values.slice(4)).toEqual([null, null]);
    }
  });

  it("says for every candidate at every stage what results.csv says", () => {
    const method = { kind: "stv", seats: 3 } as const;
    const result = count(board, method, boardBallots);
    if (result.method !== "stv") throw new Error("stv expected");
    const table = stvRoundTable(result.result, { candidates: board });
    const csv = resultRows({ title: "Board", method, candidates: board }, result, null);
    const header = csv.findIndex((row) => row[0] === "Stage");
    const csvStages = csv.slice(header + 1).map((row) => row.slice(2, 2 + board.length));
    expect(table.rows.map((row) => row.cells.map((cell) => cell.votes))).toEqual(csvStages);
    expect(csvStages.flat().filter((cell) => cell === "Excluded")).toHaveLength(5);
  });

  it("says a tie decided by earlier totals with the method's word: round for IRV, stage for STV", () => {
    // A 6, B 4, C 3, D 1 (then C): after D goes, B and C have 4 each; the first totals decide.
    const four = people("A", "B", "C", "D");
    const tie = [
      ...times(6, ranked("a")),
      ...times(4, ranked("b")),
      ...times(3, ranked("c")),
      ranked("d", "c"),
    ];
    const names = namesOf({ candidates: four });
    const irv = count(four, { kind: "irv" }, tie);
    expect(tieTexts(irv, names)).toEqual(["C eliminated: tied with B; decided by the totals of round 1"]);
    const stv = count(four, { kind: "stv", seats: 1 }, tie);
    // What the tie decided is said: beside the winners, "C tied with B" read as a tie for a seat.
    expect(tieTexts(stv, names)).toEqual(["C excluded: tied with B; decided by the totals of stage 1"]);
    if (stv.method !== "stv") throw new Error("stv expected");
    const table = stvRoundTable(stv.result, { candidates: four });
    expect(table.step).toBe("stage");
    const words = table.rows.map((row) => `${row.label} ${row.events}`).join(" | ");
    expect(words).toContain("decided by the totals of stage 1");
    expect(words).not.toMatch(/round/i);
  });

  it("says a tie broken by lot in words", () => {
    const tied = count(people("Ann", "Bob"), { kind: "irv" }, [ranked("ann"), ranked("bob")]);
    const texts = tieTexts(tied, namesOf({ candidates: people("Ann", "Bob") }));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^(Ann eliminated: tied with Bob|Bob eliminated: tied with Ann); decided by the public seed$/,
    );
  });
});

describe("Schulze, majority judgment and totals", () => {
  const candidates = people("Ann", "Bob", "Cy");
  const names = namesOf({ candidates });

  it("builds the pairwise matrix with the winning cells marked", () => {
    const result = count(candidates, { kind: "schulze" }, [
      ...times(3, ranked("ann", "bob", "cy")),
      ...times(2, ranked("bob", "cy", "ann")),
    ]);
    if (result.method !== "schulze") throw new Error("schulze expected");
    const rows = pairwiseRows(result.result, names, "pairwise");
    expect(rows[0]).toEqual({
      id: "ann",
      name: "Ann",
      cells: [
        { id: "ann", votes: null, wins: false },
        { id: "bob", votes: 3, wins: true },
        { id: "cy", votes: 3, wins: true },
      ],
    });
    expect(schulzeOrderText(result.result, names)).toBe("Ann, then Bob, then Cy");
    expect(winnersLine(result, names)).toBe("Winner: Ann");
  });

  it("lists majority-judgment candidates best first with their majority grade", () => {
    const grades = ["Excellent", "Good", "Fair", "Reject"];
    const result = count(candidates, { kind: "majority_judgment", grades }, [
      { kind: "grades", grades: { ann: 0, bob: 1, cy: 3 } },
      { kind: "grades", grades: { ann: 1, bob: 1, cy: 2 } },
      { kind: "grades", grades: { ann: 0, bob: 2, cy: 3 } },
    ]);
    if (result.method !== "majority_judgment") throw new Error("majority judgment expected");
    const rows = mjRows(result.result, names);
    expect(rows.map((row) => [row.name, row.majorityGrade, row.place])).toEqual([
      ["Ann", "Excellent", 1],
      ["Bob", "Good", 2],
      ["Cy", "Reject", 3],
    ]);
    expect(rows[0]?.distribution).toEqual([2, 1, 0, 0]);
    expect(rows[0]?.shares[0]).toBeCloseTo(66.67, 1);
  });

  it("marks the elected among approval totals and names a tie on the last seat", () => {
    const result = count(candidates, { kind: "approval", min: 0, max: 3, seats: 1 }, [
      { kind: "set", candidates: ["ann", "bob"] },
      { kind: "set", candidates: ["bob", "ann"] },
      { kind: "set", candidates: ["cy"] },
    ]);
    if (result.method !== "approval") throw new Error("approval expected");
    const rows = totalsRows(result.result, names);
    expect(rows.map((row) => [row.total, row.width])).toEqual([
      [2, 100],
      [2, 100],
      [1, 50],
    ]);
    expect(rows.filter((row) => row.elected)).toHaveLength(1);
    expect(tieTexts(result, names)[0]).toMatch(
      /^(Ann tied with Bob|Bob tied with Ann); decided by the public seed$/,
    );
  });
});
