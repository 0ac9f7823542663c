import type { Ballot } from "../contract/ballots/ballot";
import { countPlurality } from "../server/features/counting/plurality";
import { countSchulze } from "../server/features/counting/schulze";
import { countStv } from "../server/features/counting/stv";
import { randomSource } from "../server/features/counting/test-ballots";

/**
 * Counting 100,000 ballots: STV (20 candidates, 5 seats) and Schulze (10 candidates), each beside
 * the plurality count of as many ballots in the same run (the ratio is how many plurality counts one
 * takes). Voters rank a random number of candidates in an order biased by each candidate's
 * popularity, so rankings are mostly distinct (the hard case for grouping) and transfers are real.
 */
const BALLOTS = 100_000;
const RUNS = 5;

export async function run(): Promise<void> {
  const random = randomSource(2026);
  const stvIds = ids(20);
  const schulzeIds = ids(10);
  const stvBallots = rankings(stvIds, random, false);
  const schulzeBallots = rankings(schulzeIds, random, true);
  const plurality = (list: string[]) =>
    Array.from({ length: BALLOTS }, (): Ballot => ({ kind: "choice", candidate: pick(list, random) }));
  const plurality20 = plurality(stvIds);
  const plurality10 = plurality(schulzeIds);
  const cases: [string, () => unknown, () => unknown][] = [
    [
      "STV, 20 candidates, 5 seats",
      () => countStv(stvIds, 5, stvBallots, "bench"),
      () => countPlurality(stvIds, plurality20, "bench"),
    ],
    [
      "Schulze, 10 candidates",
      () => countSchulze(schulzeIds, schulzeBallots, "bench"),
      () => countPlurality(schulzeIds, plurality10, "bench"),
    ],
  ];
  for (const [title, subject, baseline] of cases) {
    subject();
    baseline();
    const subjectMs = median(RUNS, subject);
    const baselineMs = median(RUNS, baseline);
    console.log(
      `${title}: ${BALLOTS.toLocaleString("en")} ballots\n  subject   ${subjectMs.toFixed(1)} ms (median of ${RUNS})\n  plurality ${baselineMs.toFixed(1)} ms\n  ratio     ${(subjectMs / baselineMs).toFixed(1)} × the plurality count`,
    );
  }
}

function ids(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `candidate-${i + 1}`);
}

/** Popularity falls with the index, so early candidates are elected and late ones excluded. */
function pick(list: string[], random: () => number): string {
  return list[Math.floor(list.length * random() ** 1.6)] as string;
}

function rankings(list: string[], random: () => number, ties: boolean): Ballot[] {
  return Array.from({ length: BALLOTS }, (): Ballot => {
    const left = [...list];
    const length = 1 + Math.floor(random() * list.length);
    const ranks: string[][] = [];
    while (ranks.flat().length < length) {
      const id = pick(left, random);
      left.splice(left.indexOf(id), 1);
      if (ties && ranks.length > 0 && random() < 0.2) ranks[ranks.length - 1]?.push(id);
      else ranks.push([id]);
    }
    return { kind: "ranking", ranks };
  });
}

function median(runs: number, task: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}
