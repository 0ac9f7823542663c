import { sql } from "drizzle-orm";
import { vacuumWhereDue } from "../server/db/vacuum";
import { SEAL_MAX_BALLOTS, sealPending } from "../server/features/elections/sealing";
import { forEachBenchApp } from "./databases";
import { electionWithBallots } from "./elections";

/** Voters with a ballot waiting for each of the election's two questions. */
const VOTERS = 10_000;
/** How often a request that reads the database is made while the backlog is sealed. */
const PROBE_EVERY_MS = 10;

/**
 * The sealer behind (a restart, a close after a busy hour): 20,000 ballots waiting in one open
 * election, sealed while a one-row read is made every 10 ms, as a request would. Reports how long
 * the sealing took, in how many seals, and the longest and 99th percentile wait of those reads,
 * beside the same read's time with nothing else running (the baseline, in the same run). On the
 * embedded database, which runs one transaction at a time, the longest wait is the longest seal's
 * transaction. Then the sealer's look with nothing waiting, as the sealing left the tables and
 * once vacuumed (vacuumWhereDue: what autovacuum does for a server, and the embedded database's
 * own every minute).
 */
export async function run(): Promise<void> {
  await forEachBenchApp(async (name, app, { db }) => {
    const electionId = await electionWithBallots(app, db, VOTERS, "sealing");
    const probe = async () => {
      const started = performance.now();
      await db.execute(sql`select id from elections where id = ${electionId}::uuid`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await probe());
    const waits: number[] = [];
    let sealing = true;
    const probing = (async () => {
      while (sealing) {
        waits.push(await probe());
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();
    const started = performance.now();
    const outcome = await sealPending(db, { electionId });
    const took = performance.now() - started;
    sealing = false;
    await probing;
    const [sorted, sortedIdle] = [waits.sort((a, b) => a - b), idle.sort((a, b) => a - b)];
    const at = (list: number[], q: number) =>
      (list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0).toFixed(1);
    // Afterwards the sealer keeps looking every second with nothing waiting: what that look costs
    // beside the one-row read, as the sealing left the tables and once they are vacuumed.
    const look = async () => {
      const looks: number[] = [];
      for (let i = 0; i < 20; i++) {
        const at = performance.now();
        await sealPending(db);
        looks.push(performance.now() - at);
      }
      return looks.sort((a, b) => a - b)[10] as number;
    };
    const lookAsLeft = await look();
    const vacuumStarted = performance.now();
    const vacuumed = await vacuumWhereDue(db);
    const vacuumTook = performance.now() - vacuumStarted;
    const lookVacuumed = await look();
    console.log(
      `${name}: sealing ${outcome.sealed.toLocaleString("en")} waiting ballots (about ${SEAL_MAX_BALLOTS} a seal at most) took ${took.toFixed(0)} ms in ${outcome.seals.length} seals
  a one-row read meanwhile (${sorted.length} reads): p50 ${at(sorted, 0.5)} ms, p99 ${at(sorted, 0.99)} ms, longest ${at(sorted, 1)} ms
  the same read alone (baseline): p50 ${at(sortedIdle, 0.5)} ms, p99 ${at(sortedIdle, 0.99)} ms, longest ${at(sortedIdle, 1)} ms
  then a look with nothing waiting (median of 20): ${lookAsLeft.toFixed(1)} ms as the sealing left the tables, ${lookVacuumed.toFixed(1)} ms once vacuumed (${vacuumTook.toFixed(0)} ms: ${vacuumed.join(", ")})`,
    );
  });
}
