import { availableParallelism } from "node:os";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import { chunksOf } from "../server/db/params";
import { users, votingSessions } from "../server/db/schema";
import { startElectionWorker } from "../server/features/elections/worker";
import { systemClock } from "../server/lib/clock";
import { generousLimits, testConfig } from "../server/test/config";
import { bulkVoters, electionChannel, grantFor } from "../server/test/elections";
import { type BenchDatabase, benchDatabases } from "./databases";
import { httpLoad, httpLoadLanes, type LoadRequest } from "./http-load";
import type { Measurement } from "./measure";
import { registeredAdmin } from "./members";
import { BackendCpu, pgbench, pgbenchInit } from "./postgres-cpu";

const CLIENTS = 8;
const VOTES = Number(process.env.BENCH_VOTES ?? 1500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Share of voters with Settings › Security › "Require password" on, in the password phase. */
const PASSWORD_SHARE = 0.1;

type Ballot = "spread" | "same" | "ranked";

/** One run's figures; the report gives the median of each over the runs. */
interface Run {
  health: Measurement;
  spread: Measurement;
  same: Measurement;
  ranked: Measurement;
  /** The voters without a password in the phase where 10 % have one, and those with one. */
  others: Measurement;
  withPassword: Measurement;
  /** PostgreSQL backend CPU (ms) per vote (choices spread) and per pgbench TPC-B transaction. */
  pgPerVote?: number;
  /** PostgreSQL backend CPU (ms) per health check (its ping). */
  pgPerHealth?: number;
  pgPerTpcb?: number;
  pgbenchRate?: number;
  /** CPU of this process (the server; the load generator is a process of its own) per request. */
  nodePerVote: number;
  nodePerHealth: number;
  /** CPU of the load generator's process per request. */
  loadPerVote: number;
  loadPerHealth: number;
}

/**
 * Votes cast through the HTTP API by 8 concurrent voters (session, verification grant, a voting
 * session as the verification leaves, the cast), against baselines measured in the same run: the
 * same server's GET /api/health with the same load generator (a process of its own), and on
 * PostgreSQL a real pgbench TPC-B transaction (/usr/bin/pgbench, scale 1, 8 clients), both sides'
 * PostgreSQL CPU read from /proc. On PostgreSQL the app runs as `npm start` does with
 * DATABASE_URL (the LISTEN/NOTIFY bus), with the election worker sealing every second as it does
 * there (the seals, the disclosed participations and completed voting sessions are each vote's
 * work too: left out, the figures would leave out part of what a vote costs).
 * Also: every voter choosing the same candidate (the case a per-candidate counter row would
 * serialize), a ranked ballot (STV, read and checked against its question before the write), and
 * 10 % of voters with "require password to vote" (argon2) against the run where none has it.
 */
export async function run(): Promise<void> {
  for (const target of await benchDatabases()) {
    const database = await target.open();
    let app: FastifyInstance | undefined;
    let meter: BackendCpu | null = null;
    let stopWorker: (() => void) | undefined;
    try {
      await database.migrate();
      const config = testConfig({ databaseUrl: target.postgres?.url });
      app = await buildApp({ config, database, logger: false, limits: generousLimits });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      if (target.postgres) {
        await pgbenchInit(target.postgres.url);
        meter = await BackendCpu.open(target.postgres.adminUrl, target.postgres.name);
        if (!meter) console.log("(PostgreSQL's processes are not readable in /proc here: no CPU figures)");
      }
      // Warm-up (JIT, caches, pool, the first plans) before anything is measured.
      await health(base, 2000);
      await castVotes(app, base, database, "spread", 1000);
      await castVotes(app, base, database, "ranked", 300);
      if (target.postgres) await pgbench(target.postgres.url, CLIENTS, 100);
      // The election worker as `npm start` runs it: each second it seals the ballots waiting and
      // discloses their voters, work every vote brings, measured with the votes.
      stopWorker = startElectionWorker(app.context, app.log);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await oneRun(app, base, database, target, meter));
      printFigures(target.name, runs);
    } finally {
      stopWorker?.();
      // Everything that holds a connection to the bench database is closed before it is dropped.
      await meter?.close();
      await app?.close();
      await database.close();
      await target.dispose();
    }
  }
}

async function oneRun(
  app: FastifyInstance,
  base: string,
  database: Database,
  target: BenchDatabase,
  meter: BackendCpu | null,
): Promise<Run> {
  /** A load with this process's CPU (ms) and, when readable, the bench database's backends' (`pgMs`). */
  const metered = async (load: () => Promise<Measurement>) => {
    const before = process.cpuUsage();
    const { result, cpuMs } = meter ? await meter.measure(load) : { result: await load(), cpuMs: undefined };
    const used = process.cpuUsage(before);
    return { result, ms: (used.user + used.system) / 1000, pgMs: cpuMs };
  };
  let pgPerTpcb: number | undefined;
  let pgbenchRate: number | undefined;
  if (target.postgres && meter) {
    const url = target.postgres.url;
    const measured = await meter.measure(
      () => pgbench(url, CLIENTS, Math.round((VOTES * 2) / CLIENTS)),
      true,
    );
    pgPerTpcb = measured.cpuMs / measured.result.transactions;
    pgbenchRate = measured.result.perSecond;
  }
  const spreadVotes = await prepareVotes(app, base, database, "spread", VOTES);
  // The baseline right before the votes: the machine and the database as the votes find them.
  const healthRun = await metered(() => health(base, 3 * VOTES));
  const measuredSpread = await metered(() => httpLoad(spreadVotes.requests, CLIENTS));
  await spreadVotes.check();
  const spread = measuredSpread.result;
  const same = await castVotes(app, base, database, "same", VOTES);
  const ranked = await castVotes(app, base, database, "ranked", VOTES);
  const [others, withPassword] = await castVotesSomeWithPassword(app, base, database, VOTES);
  return {
    health: healthRun.result,
    spread,
    same,
    ranked,
    others: others as Measurement,
    withPassword: withPassword as Measurement,
    pgPerVote: measuredSpread.pgMs === undefined ? undefined : measuredSpread.pgMs / VOTES,
    pgPerTpcb,
    pgbenchRate,
    nodePerVote: measuredSpread.ms / VOTES,
    nodePerHealth: healthRun.ms / (3 * VOTES),
    loadPerVote: (spread.loadCpuMs ?? Number.NaN) / VOTES,
    loadPerHealth: (healthRun.result.loadCpuMs ?? Number.NaN) / (3 * VOTES),
    pgPerHealth: healthRun.pgMs === undefined ? undefined : healthRun.pgMs / (3 * VOTES),
  };
}

function health(base: string, count: number): Promise<Measurement> {
  const request: LoadRequest = { url: `${base}/api/health`, method: "GET", headers: {}, expect: 200 };
  return httpLoad(
    Array.from({ length: count }, () => request),
    CLIENTS,
  );
}

async function castVotes(
  app: FastifyInstance,
  base: string,
  database: Database,
  ballot: Ballot,
  count: number,
): Promise<Measurement> {
  const votes = await prepareVotes(app, base, database, ballot, count);
  const measured = await httpLoad(votes.requests, CLIENTS);
  await votes.check();
  return measured;
}

/** 10 % of the voters must give their password (argon2id): they vote beside the others, one at a time. */
async function castVotesSomeWithPassword(
  app: FastifyInstance,
  base: string,
  database: Database,
  count: number,
): Promise<Measurement[]> {
  const votes = await prepareVotes(app, base, database, "spread", count, PASSWORD_SHARE);
  const withPassword = votes.requests.filter((_, i) => votes.withPassword(i));
  const others = votes.requests.filter((_, i) => !votes.withPassword(i));
  const measured = await httpLoadLanes([
    { requests: others, concurrency: CLIENTS },
    { requests: withPassword, concurrency: 1 },
  ]);
  await votes.check();
  return measured;
}

/**
 * An election opened for `count` new voters, each with a session, a verification grant and a
 * voting session (as a passed verification leaves them), and one cast request per voter; `check`
 * closes the election and makes sure every vote counted.
 */
export async function prepareVotes(
  app: FastifyInstance,
  base: string,
  database: Database,
  ballot: Ballot,
  count: number,
  passwordShare = 0,
): Promise<{ requests: LoadRequest[]; withPassword(i: number): boolean; check(): Promise<void> }> {
  const db = database.db;
  const { adminCookie, organizationId } = await registeredAdmin(app, `votes-${ballot}-${count}`);
  const voters = await bulkVoters(db, systemClock, organizationId, count);
  const withPassword = (i: number) => passwordShare > 0 && i % Math.round(1 / passwordShare) === 0;
  const protectedIds = voters.filter((_, i) => withPassword(i)).map((v) => v.user.id);
  if (protectedIds.length > 0)
    await db
      .update(users)
      .set({ settings: { security: { requirePassword: true } } } as Partial<typeof users.$inferInsert>)
      .where(inArray(users.id, protectedIds));
  const channel = (
    await app.inject({
      method: "POST",
      url: "/api/channels",
      payload: ballot === "ranked" ? rankedChannel() : electionChannel(systemClock),
      headers: { cookie: adminCookie },
    })
  ).json().channel;
  const election = (
    await app.inject({
      method: "GET",
      url: `/api/channels/${channel.id}/election`,
      headers: { cookie: adminCookie },
    })
  ).json();
  const opened = (
    await app.inject({
      method: "POST",
      url: `/api/elections/${election.id}/open`,
      headers: { cookie: adminCookie },
    })
  ).json();
  const [question] = opened.positions;
  const ids: string[] = question.candidates.map((c: { id: string }) => c.id);
  const selection = (i: number) =>
    ballot === "ranked"
      ? // Voter i ranks 1 to 6 candidates, starting from a different one each time.
        {
          position_id: question.id,
          ballot: { kind: "ranking", ranks: ids.slice(0, (i % 6) + 1).map((_, r) => [ids[(i + r) % 6]]) },
        }
      : { position_id: question.id, candidate_id: ids[ballot === "same" ? 0 : i % ids.length] };
  const grants = await Promise.all(voters.map((v) => grantFor(db, systemClock, v.user.id, election.id)));
  // The voting session a passed verification leaves (monitoring), as in the real flow; a thousand
  // to a statement, so that any number of voters stays within a statement's parameters.
  for (const chunk of chunksOf(voters)) {
    await db.insert(votingSessions).values(
      chunk.map((v) => ({
        userId: v.user.id,
        organizationId,
        electionId: election.id,
        ipAddress: "127.0.0.1",
        verification: "passed" as const,
      })),
    );
  }
  // The roll of a real election is written long before it opens: the database has flushed and
  // analyzed it (autovacuum, or db/vacuum.ts on the embedded one) before the first vote.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  const requests: LoadRequest[] = voters.map((voter, i) => ({
    url: `${base}/api/elections/${election.id}/ballots`,
    method: "POST",
    headers: { "content-type": "application/json", cookie: voter.cookie },
    body: JSON.stringify({
      grant_id: grants[i],
      selections: [selection(i)],
      ...(withPassword(i) ? { password: "vs-secret12" } : {}),
    }),
    expect: 201,
  }));
  return {
    requests,
    withPassword,
    async check() {
      // Closed after the measurement: while voting is open turnout counts only what a seal disclosed.
      await app.inject({
        method: "POST",
        url: `/api/elections/${election.id}/close`,
        headers: { cookie: adminCookie },
      });
      const counted = (
        await app.inject({
          method: "GET",
          url: `/api/elections/${election.id}`,
          headers: { cookie: adminCookie },
        })
      ).json();
      if (counted.votes_cast !== count)
        throw new Error(`expected ${count} votes cast, the tally says ${counted.votes_cast}`);
      const sessions = await db.$count(votingSessions, eq(votingSessions.electionId, election.id));
      if (sessions !== count) throw new Error(`expected ${count} voting sessions, found ${sessions}`);
    },
  };
}

/** An election channel with one question: a board of three by single transferable vote, six candidates. */
function rankedChannel() {
  const channel = electionChannel(systemClock);
  return {
    ...channel,
    voting_settings: {
      ...channel.voting_settings,
      candidates: [],
      questions: [
        {
          title: "Board of Directors",
          candidates: ["Ada", "Ben", "Cy", "Di", "Eve", "Fay"].map((name) => ({ name })),
          method: { kind: "stv", seats: 3 },
        },
      ],
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

function medianOf(list: Measurement[]): Measurement {
  return {
    count: list[0]?.count ?? 0,
    seconds: median(list.map((m) => m.seconds)),
    perSecond: median(list.map((m) => m.perSecond)),
    p50: median(list.map((m) => m.p50)),
    p99: median(list.map((m) => m.p99)),
  };
}

function printFigures(name: string, runs: Run[]): void {
  const pick = (key: keyof Run) => medianOf(runs.map((r) => r[key] as Measurement));
  const line = (label: string, m: Measurement) =>
    `  ${label.padEnd(34)} ${m.perSecond.toFixed(0).padStart(6)} /s   p50 ${m.p50.toFixed(2).padStart(6)} ms   p99 ${m.p99.toFixed(2).padStart(6)} ms`;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const perRun = (values: number[]) => values.map((v) => v.toFixed(2)).join(", ");
  const health = pick("health");
  const spread = pick("spread");
  const same = pick("same");
  const ranked = pick("ranked");
  const others = pick("others");
  const withPassword = pick("withPassword");
  console.log(
    `${name}: POST /api/elections/:id/ballots, ${CLIENTS} clients, ${VOTES} votes a phase, median of ${runs.length} runs` +
      `${name === "PostgreSQL" ? " (LISTEN/NOTIFY bus on)" : ""}, voting sessions present, the sealer running`,
  );
  console.log(line("GET /api/health (baseline)", health));
  console.log(line("vote, choices spread", spread));
  console.log(line("vote, everyone the same candidate", same));
  console.log(line("vote, ranked ballot (STV, 6 cand.)", ranked));
  console.log(
    `  ratio to health: spread ${ratio(spread.perSecond, health.perSecond)} (per run ${perRun(runs.map((r) => r.spread.perSecond / r.health.perSecond))}), ` +
      `same ${ratio(same.perSecond, health.perSecond)}   (goal ≥ 0.50, p99 < 50 ms)`,
  );
  console.log(`  ranked ballot vs plurality choice: ${ratio(ranked.perSecond, spread.perSecond)}`);
  console.log(
    `  10 % with "require password to vote" (they in a lane of their own, 1 at a time, beside the others' ${CLIENTS}):`,
  );
  console.log(line("the others (no password)", others));
  console.log(line("those giving their password", withPassword));
  console.log(
    `  the others vs the run without passwords: rate ${ratio(others.perSecond, spread.perSecond)}, p99 ${others.p99.toFixed(2)} vs ${spread.p99.toFixed(2)} ms`,
  );
  console.log(
    `  Node CPU of the server per request: vote ${median(runs.map((r) => r.nodePerVote)).toFixed(3)} ms, health ${median(runs.map((r) => r.nodePerHealth)).toFixed(3)} ms`,
  );
  const perVote = runs.map((r) => r.pgPerVote).filter((v): v is number => v !== undefined);
  const perTpcb = runs.map((r) => r.pgPerTpcb).filter((v): v is number => v !== undefined);
  printCeiling(runs, health);
  if (perVote.length && perTpcb.length) {
    const rates = runs.map((r) => r.pgbenchRate ?? 0);
    console.log(
      `  PostgreSQL CPU per vote ${median(perVote).toFixed(3)} ms vs per pgbench TPC-B transaction ${median(perTpcb).toFixed(3)} ms ` +
        `(pgbench ${median(rates).toFixed(0)} tps): ratio ${ratio(median(perVote), median(perTpcb))} (per run ${perRun(runs.map((r) => (r.pgPerVote ?? 0) / (r.pgPerTpcb ?? 1)))}; goal ≤ 1.5)`,
    );
    console.log(`  votes/s vs pgbench tps: ${ratio(spread.perSecond, median(rates))}`);
  }
}

/**
 * What the machine's cores allow: the CPU one vote costs the processes measured (this process: the
 * server, and on PGlite its database; the bench database's PostgreSQL backends; the load generator),
 * and the most votes a second that leaves possible if every core did nothing else, however the work
 * were batched or overlapped; beside it the most the server's one thread allows, the goal (half the
 * health check's rate), and what a health check costs the same processes. Without PostgreSQL's CPU
 * (its processes not readable here) no ceiling is claimed.
 */
function printCeiling(runs: Run[], health: Measurement): void {
  const of = (key: keyof Run) => {
    const values = runs.map((r) => r[key]).filter((v): v is number => typeof v === "number");
    return values.length ? median(values) : undefined;
  };
  const server = of("nodePerVote") ?? Number.NaN;
  const load = of("loadPerVote") ?? Number.NaN;
  const pg = of("pgPerVote");
  const cores = availableParallelism();
  const onPostgres = runs.some((r) => r.pgbenchRate !== undefined);
  if (onPostgres && pg === undefined) {
    console.log("  CPU per vote: PostgreSQL's processes not measured here, so no ceiling is claimed");
    return;
  }
  const total = server + (pg ?? 0) + load;
  const healthTotal =
    (of("nodePerHealth") ?? Number.NaN) + (of("pgPerHealth") ?? 0) + (of("loadPerHealth") ?? Number.NaN);
  const parts = [
    `this process ${server.toFixed(3)}`,
    pg === undefined ? "" : `PostgreSQL ${pg.toFixed(3)}`,
    `load generator ${load.toFixed(3)}`,
  ];
  console.log(
    `  CPU per vote: ${parts.filter(Boolean).join(" + ")} = ${total.toFixed(3)} ms (a health check: ${healthTotal.toFixed(3)} ms); ` +
      `${cores} cores allow at most ${((cores * 1000) / total).toFixed(0)} votes/s, the server's one thread ${(1000 / server).toFixed(0)}; the goal is ${(health.perSecond / 2).toFixed(0)}/s`,
  );
}
