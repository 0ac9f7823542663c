import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Ballot } from "../../../contract/ballots/ballot";
import { countStv, mulDivFloor } from "./stv";
import { randomSource, ranked, shuffled, times } from "./test-ballots";

/**
 * The City of Edinburgh Council election of 4 May 2017: the real preference profiles of its 17 wards
 * as the council published them (BLT format), and the councillors it declared elected. The files
 * are not copied into this repository: they came to us through a GPL-licensed project's test data
 * and carry no licence of their own, so the test reads them from EDINBURGH_STV_DATA (default: the
 * shared data folder) and is skipped, saying so, where they are absent.
 */
const EDINBURGH = process.env.EDINBURGH_STV_DATA ?? "/work/shared/data/edinburgh-2017-stv";
const DECLARED: Record<number, string[]> = {
  1: ["Graham HUTCHISON", "Kevin LANG", "Louise YOUNG", "Norrie WORK"],
  2: ["Graeme BRUCE", "Neil GARDINER", "Ricky HENDERSON", "Susan WEBBER"],
  3: ["Claire BRIDGMAN", "Mark BROWN", "Robert Christopher ALDRIDGE"],
  4: ["Cammy DAY", "Eleanor BIRD", "George GORDON", "Jim CAMPBELL"],
  5: ["Gavin BARRIE", "Hal OSLER", "Iain WHYTE", "Max MITCHELL"],
  6: ["Frank ROSS", "Gillian GLOYER", "Scott DOUGLAS"],
  7: ["Ashley GRACZYK", "Catherine FULLERTON", "Denis DIXON", "Donald WILSON"],
  8: ["Jason RUST", "Phil DOGGART", "Scott ARTHUR"],
  9: ["Andrew JOHNSTON", "David KEY", "Gavin CORBETT"],
  10: ["Mandy WATT", "Melanie MAIN", "Neil ROSS", "Nick COOK"],
  11: ["Alasdair RANKIN", "Claire MILLER", "Jo MOWAT", "Karen DORAN"],
  12: ["Amy MCNEESE-MECHAN", "Lewis RITCHIE", "Marion DONALDSON", "Susan RAE"],
  13: ["Adam MCVEY", "Chas BOOTH", "Gordon John MUNRO"],
  14: ["Alex STANIFORTH", "Ian CAMPBELL", "Joan GRIFFITHS", "John MCLELLAN"],
  15: ["Alison DICKIE", "Cameron ROSE", "Ian PERRY", "Steve BURGESS"],
  16: ["Derek HOWIE", "Lesley MACINNES", "Lezley Marion CAMERON", "Stephanie SMITH"],
  17: ["Callum LAIDLAW", "KATE CAMPBELL", "MARY CAMPBELL", "Maureen CHILD"],
};

/** A BLT file: "candidates seats", then "count prefs… 0" lines, a "0", then the quoted names. */
function readBlt(file: string): { names: string[]; seats: number; ballots: Ballot[] } {
  const lines = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim());
  const [candidates, seats] = (lines[0] as string).split(/\s+/).map(Number) as [number, number];
  const ballots: Ballot[] = [];
  let i = 1;
  for (; lines[i] !== "0"; i++) {
    const numbers = (lines[i] as string).split(/\s+/).map(Number);
    const preferences = numbers.slice(1, -1).map(String);
    ballots.push(...times(numbers[0] as number, ranked(...preferences)));
  }
  const names = lines
    .slice(i + 1, i + 1 + candidates)
    .map((line) => line.replace(/"/g, "").replace(/\s+/g, " "));
  return { names, seats, ballots };
}

const wards = existsSync(EDINBURGH) ? readdirSync(EDINBURGH).filter((file) => /^ward_\d+_/.test(file)) : [];

describe("Edinburgh 2017: every ward elects the councillors the council declared", () => {
  if (wards.length === 0) it.skip(`the ward files are not at ${EDINBURGH} (set EDINBURGH_STV_DATA)`);
  else it("finds all 17 wards", () => expect(wards).toHaveLength(17));
  for (const file of wards) {
    const ward = Number(/^ward_(\d+)_/.exec(file)?.[1]);
    it(`ward ${ward}`, () => {
      const { names, seats, ballots } = readBlt(path.join(EDINBURGH, file));
      const ids = names.map((_, i) => String(i + 1));
      const result = countStv(ids, seats, ballots, "edinburgh-2017");
      const elected = result.elected.map((id) => names[Number(id) - 1]).sort();
      expect(elected).toEqual([...(DECLARED[ward] ?? [])].sort());
      expect(result.quota).toBe(Math.floor(ballots.length / (seats + 1)) + 1);
    });
  }
});

describe("STV, Scottish rules", () => {
  // Wikipedia, "Single transferable vote", section "Example" (the party's food, 20 voters, 3 seats,
  // Droop quota 6): Chocolate, Oranges and Strawberries are elected.
  const food = ["oranges", "pears", "chocolate", "strawberries", "hamburgers"];
  const party: Ballot[] = [
    ...times(4, ranked("oranges")),
    ...times(2, ranked("pears", "oranges")),
    ...times(8, ranked("chocolate", "strawberries")),
    ...times(4, ranked("chocolate", "hamburgers")),
    ...times(1, ranked("strawberries")),
    ...times(1, ranked("hamburgers")),
  ];

  it("elects Chocolate, Oranges and Strawberries in Wikipedia's example, with every stage", () => {
    const result = countStv(food, 3, party, "seed");
    expect(result.quota).toBe(6);
    expect(result.elected).toEqual(["chocolate", "oranges", "strawberries"]);
    const [first, surplus, exclusion] = result.stages;
    expect(first?.elected).toEqual(["chocolate"]);
    // Chocolate's surplus of 6 out of 12: every ballot moves at 6 × 1 ÷ 12 = 0.5.
    expect(surplus).toMatchObject({
      kind: "surplus",
      from: "chocolate",
      surplus: 6,
      transfers: { chocolate: -6, strawberries: 4, hamburgers: 2 },
    });
    expect(surplus?.transferValues).toEqual([{ value: 1, transferValue: 0.5, ballots: 12 }]);
    expect(exclusion).toMatchObject({
      kind: "exclusion",
      from: "pears",
      transfers: { pears: -2, oranges: 2 },
      elected: ["oranges"],
    });
    // Hamburgers (3) go next, their ballots having no further choice; Strawberries are the one
    // continuing candidate for the one seat left (rule 52).
    expect(result.stages[3]).toMatchObject({
      kind: "exclusion",
      from: "hamburgers",
      nonTransferable: { ballots: 5, votes: 3 },
      exhausted: { ballots: 5, votes: 3 },
      elected: ["strawberries"],
    });
    expect(result.lastVacancies).toBe("continuing_equal_vacancies");
  });

  it("truncates transfer values to five decimals and reports what truncation lost", () => {
    // a: 7 first preferences, quota ⌊10 ÷ 3⌋ + 1 = 4, surplus 3: 3 × 1 ÷ 7 = 0.428571… → 0.42857.
    const ballots = [
      ...times(4, ranked("a", "b")),
      ...times(3, ranked("a", "c")),
      ...times(2, ranked("b")),
      ranked("c"),
    ];
    const result = countStv(["a", "b", "c"], 2, ballots, "seed");
    const surplus = result.stages[1];
    expect(surplus?.transferValues).toEqual([{ value: 1, transferValue: 0.42857, ballots: 7 }]);
    expect(surplus?.transfers).toEqual({ a: -3, b: 1.71428, c: 1.28571 });
    expect(surplus?.lostToTruncation).toBeCloseTo(0.00001, 5);
    expect(surplus?.totals).toEqual({ a: 4, b: 3.71428, c: 2.28571 });
  });

  it("weights a ballot's transfer value by the value it arrived with (weighted inclusive Gregory)", () => {
    // 20 ballots, 3 seats, quota 6. a's surplus 4 of 10 moves at 0.4 and elects b with 7.
    const ballots = [
      ...times(10, ranked("a", "b", "c")),
      ...times(3, ranked("b", "d")),
      ...times(2, ranked("c")),
      ...times(2, ranked("d")),
      ...times(3, ranked("e")),
    ];
    const result = countStv(["a", "b", "c", "d", "e"], 3, ballots, "seed");
    expect(result.stages[1]?.totals.b).toBe(7);
    // b's surplus 1 over its 7 votes: its own ballots (value 1) move at ⌊1 × 1 ÷ 7⌋₅ = 0.14285,
    // those that came from a (value 0.4) at ⌊1 × 0.4 ÷ 7⌋₅ = 0.05714.
    const fromB = result.stages[2];
    expect(fromB?.from).toBe("b");
    expect(fromB?.transferValues).toEqual([
      { value: 1, transferValue: 0.14285, ballots: 3 },
      { value: 0.4, transferValue: 0.05714, ballots: 10 },
    ]);
    expect(fromB?.transfers).toEqual({ b: -1, c: 0.5714, d: 0.42855 });
    expect(fromB?.lostToTruncation).toBeCloseTo(0.00005, 5);
    expect(result.elected).toEqual(["a", "b", "e"]);
  });

  it("elects every candidate when there are as many as seats", () => {
    const result = countStv(["a", "b", "c"], 3, [ranked("a"), ranked("b", "a")], "seed");
    expect([...result.elected].sort()).toEqual(["a", "b", "c"]);
    expect(result.lastVacancies).toBe("continuing_equal_vacancies");
  });

  it("counts blank ballots as cast but not in the quota", () => {
    const result = countStv(
      ["a", "b", "c"],
      1,
      [...times(3, ranked("a")), ranked("b"), ...times(4, { kind: "blank" } as const)],
      "seed",
    );
    expect(result).toMatchObject({ cast: 8, blank: 4, valid: 4, quota: 3, elected: ["a"] });
  });

  it("breaks an exclusion tie by the most recent earlier stage, then by the seed's lot", () => {
    // d goes first and its ballot brings c level with b; c had fewer at stage 1: c goes.
    const ballots = [
      ...times(4, ranked("a")),
      ...times(3, ranked("b")),
      ...times(2, ranked("c")),
      ranked("d", "c"),
    ];
    const result = countStv(["a", "b", "c", "d"], 1, ballots, "seed");
    expect(result.stages[1]?.excluded).toEqual(["d"]);
    expect(result.stages[2]).toMatchObject({
      excluded: ["c"],
      tieBreak: { tied: ["b", "c"], chosen: "c", by: "earlier", round: 1 },
    });
    // z and w tie at stage 1, with no earlier stage to read: the lot decides.
    const ballots2 = [...times(2, ranked("x")), ...times(2, ranked("y")), ranked("z", "x"), ranked("w", "y")];
    const lot = countStv(["x", "y", "z", "w"], 1, ballots2, "seed-1");
    expect(lot.stages[1]?.tieBreak?.by).toBe("lot");
    // The same seed always draws the same; the draw does not depend on the ballots' order.
    const again = countStv(["x", "y", "z", "w"], 1, [...ballots2].reverse(), "seed-1");
    expect(again.stages[1]?.excluded).toEqual(lot.stages[1]?.excluded);
  });

  it("never depends on the order of the ballots", () => {
    const random = randomSource(7);
    const ids = ["a", "b", "c", "d", "e", "f"];
    for (let run = 0; run < 20; run++) {
      const ballots = Array.from({ length: 60 }, () =>
        ranked(...shuffled(ids, random).slice(0, 1 + Math.floor(random() * 6))),
      );
      const first = countStv(ids, 3, ballots, "seed");
      expect(countStv(ids, 3, shuffled(ballots, random), "seed")).toEqual(first);
    }
  });

  it("computes ⌊a × b ÷ c⌋ exactly past 2^53", () => {
    expect(mulDivFloor(7, 3, 2)).toBe(10);
    // 99,999 × (3·10¹⁵ + 1) ÷ (3·10¹⁵ + 2) is just under 99,999; in floating point it rounds up to it.
    expect(mulDivFloor(3_000_000_000_000_001, 99_999, 3_000_000_000_000_002)).toBe(99_998);
  });
});
