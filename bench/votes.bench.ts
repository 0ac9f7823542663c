import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import { systemClock } from "../server/lib/clock";
import { generousLimits, testConfig } from "../server/test/config";
import { bulkVoters, electionChannel, grantFor } from "../server/test/elections";
import { benchDatabases } from "./databases";
import { httpLoad, type LoadRequest } from "./http-load";
import { type Measurement, measure, report } from "./measure";

const CLIENTS = 8;
const VOTES = 1500;

/**
 * Votes cast through the HTTP API (session, verification grant, one transaction with
 * participation and ballot) by 8 concurrent voters, beside a TPC-B-like transaction run through the
 * same connection pool in the same run; spread over candidates and with every voter choosing the
 * same one (the case a per-candidate counter row would serialize); and a ranked ballot on an STV
 * question (read and checked against its question before the write) against the plurality choice.
 */
export async function run(): Promise<void> {
  for (const target of await benchDatabases()) {
    const database = await target.open();
    await database.migrate();
    const app = await buildApp({ config: testConfig(), database, logger: false, limits: generousLimits });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      // Warm-up (JIT, caches, pool) for both sides before anything is measured.
      await castVotes(app, base, database, "spread", 1000);
      await tpcb(database, 300);
      const baseline = await tpcb(database, VOTES);
      await castVotes(app, base, database, "ranked", 500);
      // The plurality choice and the ranked ballot measured one after the other, then the same candidate.
      const plurality = await castVotes(app, base, database, "spread", VOTES);
      const ranked = await castVotes(app, base, database, "ranked", VOTES);
      const same = await castVotes(app, base, database, "same", VOTES);
      const title = (what: string) =>
        `${target.name}: POST /api/elections/:id/ballots (${what}), ${CLIENTS} clients`;
      report(`${title("choices spread")}, vs TPC-B-like transaction`, plurality, baseline);
      report(`${title("every voter the same candidate")}, vs TPC-B-like transaction`, same, baseline);
      // A ranked ballot (read and checked against its question before the write) against the plurality choice.
      report(
        `${title("a ranked ballot: STV, 3 seats, 6 candidates, rankings of 1 to 6")}, vs the plurality choice (goal: ratio ≥ 0.8)`,
        ranked,
        plurality,
      );
    } finally {
      await app.close();
      await database.close();
      await target.dispose();
    }
  }
}

async function castVotes(
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
  database: Database,
  ballot: "spread" | "same" | "ranked",
  count: number,
): Promise<Measurement> {
  const db = database.db;
  const email = `bench-${Date.now()}-${ballot}-${count}@bench.votespace.local`;
  await app.inject({
    method: "POST",
    url: "/api/accounts/organizations",
    payload: {
      full_name: "Bench Admin",
      email,
      password: "vs-secret12",
      organization: `Bench ${email}`,
      country: "Bench",
    },
  });
  const signIn = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email, password: "vs-secret12" },
  });
  const adminCookie = `votespace_session=${signIn.cookies[0]?.value}`;
  const organizationId = signIn.json().profile.organization_id as string;
  const voters = await bulkVoters(db, systemClock, organizationId, count);
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

  const requests: LoadRequest[] = voters.map((voter, i) => ({
    url: `${base}/api/elections/${election.id}/ballots`,
    method: "POST",
    headers: { "content-type": "application/json", cookie: voter.cookie },
    body: JSON.stringify({ grant_id: grants[i], selections: [selection(i)] }),
    expect: 201,
  }));
  const result = await httpLoad(requests, CLIENTS);
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
  return result;
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

/** pgbench's TPC-B-like transaction (scale 1) through the same pool, 8 clients. */
async function tpcb(database: Database, count: number): Promise<Measurement> {
  const db = database.db;
  await db.execute(
    sql`create table if not exists bench_branches (bid int primary key, bbalance int not null default 0)`,
  );
  await db.execute(
    sql`create table if not exists bench_tellers (tid int primary key, bid int not null, tbalance int not null default 0)`,
  );
  await db.execute(
    sql`create table if not exists bench_accounts (aid int primary key, bid int not null, abalance int not null default 0)`,
  );
  await db.execute(
    sql`create table if not exists bench_history (tid int, bid int, aid int, delta int, mtime timestamptz default now())`,
  );
  await db.execute(sql`insert into bench_branches (bid) values (1) on conflict do nothing`);
  await db.execute(
    sql`insert into bench_tellers (tid, bid) select g, 1 from generate_series(1, 10) g on conflict do nothing`,
  );
  await db.execute(
    sql`insert into bench_accounts (aid, bid) select g, 1 from generate_series(1, 100000) g on conflict do nothing`,
  );
  let n = 0;
  return measure(count, CLIENTS, async () => {
    n++;
    const aid = ((n * 7919) % 100000) + 1;
    const tid = (n % 10) + 1;
    const delta = (n % 10000) - 5000;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update bench_accounts set abalance = abalance + ${delta} where aid = ${aid}`);
      await tx.execute(sql`select abalance from bench_accounts where aid = ${aid}`);
      await tx.execute(sql`update bench_tellers set tbalance = tbalance + ${delta} where tid = ${tid}`);
      await tx.execute(sql`update bench_branches set bbalance = bbalance + ${delta} where bid = 1`);
      await tx.execute(
        sql`insert into bench_history (tid, bid, aid, delta) values (${tid}, 1, ${aid}, ${delta})`,
      );
    });
  });
}
