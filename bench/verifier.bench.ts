import { loadavg } from "node:os";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../server/db/connect";
import { ballots, elections, participations, seals } from "../server/db/schema";
import { chainRoot, chainStart, tallyOf } from "../server/features/elections/chain";
import { verifyElectionIntegrity } from "../server/features/elections/verifier";
import { forEachBenchApp } from "./databases";
import { electionWithBallots } from "./elections";
import { BackendCpu } from "./postgres-cpu";

/** Voters; each votes for both positions of the election, so twice as many ballots. */
const VOTERS = 50_000;
const SEAL_COUNTS = [20, 5_000];
const RUNS = 15;

/**
 * `npm run verify-election` on 100,000 ballots, sealed in 20 and in 5,000 seals, beside the
 * database's own `group by` of the same ballots (the least a recount can cost) in the same run,
 * on the same table in the same state (vacuumed and analyzed after sealing, as autovacuum leaves a
 * board soon after its last seal), their runs interleaved: the ratio is how many such `group by`s
 * one verification takes (goal ≤ 5 whatever the seals), in elapsed time and in CPU (this process's,
 * PGlite included, plus PostgreSQL's backends' from /proc). On PostgreSQL the `group by` is timed
 * as it plans it and in one process (no parallel workers), and the faster is the baseline: on two
 * cores the parallel plan took 56 ms where one process takes 22.
 */
export async function run(): Promise<void> {
  await forEachBenchApp(async (name, app, { db }, target) => {
    const electionId = await electionWithBallots(app, db, VOTERS, "verifier");
    const meter = target.postgres
      ? await BackendCpu.open(target.postgres.adminUrl, target.postgres.name)
      : null;
    const groupBy = (on: Db) =>
      on.execute(sql`select position_id, candidate_id, count(*) from ballots
        where election_id = ${electionId}::uuid group by position_id, candidate_id`);
    // Only the parallel plan's workers come and go while it runs (the meter polls for them, at a
    // cost to this process's CPU); the rest run in the pool's one backend, read before and after.
    const baselines: Record<string, { task: () => Promise<unknown>; poll: boolean }> = {
      "group by": { task: () => groupBy(db), poll: true },
    };
    if (target.postgres)
      baselines["group by, one process"] = {
        task: () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
            await groupBy(tx);
          }),
        poll: false,
      };
    for (const sealCount of SEAL_COUNTS) {
      await sealInto(db, electionId, sealCount);
      await db.execute(sql`vacuum analyze ballots, participations, seals`);
      const report = await verifyElectionIntegrity(db, electionId);
      if (report.problems.length > 0 || report.seals !== sealCount)
        throw new Error(`the bench's election does not verify: ${report.problems.join("; ")}`);
      for (const baseline of Object.values(baselines)) await baseline.task();
      const subject: Figures[] = [];
      const measuredBaselines = Object.entries(baselines).map(([label, { task, poll }]) => ({
        label,
        task,
        poll,
        figures: [] as Figures[],
      }));
      for (let i = 0; i < RUNS; i++) {
        subject.push(await measured(meter, () => verifyElectionIntegrity(db, electionId), false));
        for (const { task, poll, figures } of measuredBaselines)
          figures.push(await measured(meter, task, poll));
      }
      const [wall, cpu, database] = [
        median(subject, "wall"),
        median(subject, "cpu"),
        median(subject, "database"),
      ];
      const lines = measuredBaselines.map(({ label, figures }) => ({
        label,
        wall: median(figures, "wall"),
        cpu: median(figures, "cpu"),
      }));
      const base = lines.reduce((least, line) => (line.wall < least.wall ? line : least));
      console.log(
        `${name}: verify-election, ${report.ballots.toLocaleString("en")} ballots in ${sealCount.toLocaleString("en")} seals (medians of ${RUNS}, load ${loadavg()[0]?.toFixed(1)})
  ${"verify-election".padEnd(22)} ${wall.toFixed(1)} ms elapsed, ${cpu.toFixed(1)} ms CPU${target.postgres ? ` (PostgreSQL's ${database.toFixed(1)})` : ""}
${lines.map((line) => `  ${line.label.padEnd(22)} ${line.wall.toFixed(1)} ms elapsed, ${line.cpu.toFixed(1)} ms CPU`).join("\n")}
  ${"ratio".padEnd(22)} ${(wall / base.wall).toFixed(1)} × the ${base.label} elapsed, ${(cpu / base.cpu).toFixed(1)} × in CPU (goal ≤ 5)`,
      );
    }
    await meter?.close();
  });
}

interface Figures {
  wall: number;
  cpu: number;
  /** Of cpu, the database's (PostgreSQL's backends; PGlite's is this process's). */
  database: number;
}

/**
 * Elapsed ms and CPU ms (this process's, plus the database backends' when metered) of one task;
 * `poll` for a task whose parallel workers live only while it runs.
 */
async function measured(
  meter: BackendCpu | null,
  task: () => Promise<unknown>,
  poll: boolean,
): Promise<Figures> {
  const started = performance.now();
  const before = process.cpuUsage();
  let cpuMs = 0;
  if (meter) ({ cpuMs } = await meter.measure(task, poll));
  else await task();
  const own = process.cpuUsage(before);
  return { wall: performance.now() - started, cpu: cpuMs + (own.user + own.system) / 1000, database: cpuMs };
}

function median(figures: Figures[], key: keyof Figures): number {
  const sorted = figures.map((figure) => figure[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Seals every ballot of the election into `count` seals of about equal size, chained as the sealer would. */
async function sealInto(db: Db, electionId: string, count: number): Promise<void> {
  await db.update(ballots).set({ sealId: null }).where(eq(ballots.electionId, electionId));
  await db.update(participations).set({ sealId: null }).where(eq(participations.electionId, electionId));
  await db.delete(seals).where(eq(seals.electionId, electionId));
  const [election] = await db.select().from(elections).where(eq(elections.id, electionId));
  const all = await db.select().from(ballots).where(eq(ballots.electionId, electionId));
  const size = Math.ceil(all.length / count);
  let previousRoot = chainStart(election?.definitionHash ?? null);
  const made = [];
  for (let sequence = 1; sequence <= count; sequence++) {
    const batch = all.slice((sequence - 1) * size, sequence * size);
    const root = chainRoot(previousRoot, batch);
    made.push({ sequence, previousRoot, root, ballotCount: batch.length, tally: tallyOf(batch), batch });
    previousRoot = root;
  }
  const ballotIds: string[] = [];
  const sealIds: number[] = [];
  for (let start = 0; start < made.length; start += 500) {
    const chunk = made.slice(start, start + 500);
    const rows = await db
      .insert(seals)
      .values(chunk.map(({ batch: _, ...seal }) => ({ electionId, ...seal })))
      .returning({ id: seals.id, sequence: seals.sequence });
    for (const row of rows)
      for (const ballot of chunk[row.sequence - 1 - start]?.batch ?? []) {
        ballotIds.push(ballot.id);
        sealIds.push(row.id);
      }
  }
  await db.execute(sql`update ballots b set seal_id = s.seal_id
    from unnest(${`{${ballotIds.join(",")}}`}::uuid[], ${`{${sealIds.join(",")}}`}::int[]) as s(id, seal_id)
    where b.id = s.id`);
  // Every participation disclosed by the first seal: the verifier checks only the totals per position.
  await db
    .update(participations)
    .set({ sealId: sealIds[0] as number })
    .where(eq(participations.electionId, electionId));
}
