import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type Database, openEmbedded } from "../../db/connect";
import { fromPostgres } from "../../db/postgres";
import { ballots, participations } from "../../db/schema";
import { systemClock } from "../../lib/clock";
import { bulkVoters, electionChannel, grantFor } from "../../test/elections";
import { ownPostgresDatabase, type ServerProcess, startServerProcess } from "../../test/server-process";
import { receiptHash } from "./casting";

/**
 * A server process killed (kill -9) while votes are written in batches (group commit) loses no vote
 * it acknowledged, and no vote is half written: a 201 is sent only after its batch's commit, and a
 * batch commits whole or not at all. The real entry point on the project's database: the embedded
 * one in a data folder of the test's own, or a PostgreSQL database of its own.
 */
const VOTERS = 300;
const WRITERS = 16;
const KILL_AT = 80;

const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-vote-crash-"));
const servers: ServerProcess[] = [];
let postgres: Awaited<ReturnType<typeof ownPostgresDatabase>> | null = null;
afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

async function startServer(): Promise<ServerProcess> {
  if (process.env.TEST_DB === "postgres")
    postgres ??= await ownPostgresDatabase(inject("postgresUrl"), "votespace_vote_crash");
  const server = await startServerProcess(postgres?.url ?? null, {}, { dataDir });
  servers.push(server);
  return server;
}

/** The server's database opened by the test itself (the embedded one only while no server holds it). */
async function openDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = postgres ? fromPostgres(postgres.url, 2) : await openEmbedded(dataDir);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function signedInAdmin(base: string): Promise<Record<string, string>> {
  const json = { "content-type": "application/json" };
  const email = `vote-crash-${Date.now()}@crash.votespace.local`;
  const password = "vs-secret12";
  const registered = await fetch(`${base}/api/accounts/organizations`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      full_name: "Crash Admin",
      email,
      password,
      organization: `Crash ${Date.now()}`,
      country: "Ghana",
    }),
  });
  expect(registered.status).toBe(201);
  const signIn = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  return { ...json, cookie: (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

describe("a server killed while votes are written in batches", () => {
  it("loses no vote it acknowledged and leaves none half written", { timeout: 240_000 }, async () => {
    const first = await startServer();
    const admin = await signedInAdmin(first.baseUrl);
    // A refused setup request fails here with its answer, not later as an undefined field.
    const api = async (base: string, url: string, method = "GET", body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: body === undefined ? { cookie: admin.cookie as string } : admin,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const { channel } = await api(first.baseUrl, "/api/channels", "POST", electionChannel(systemClock));
    const upcoming = await api(first.baseUrl, `/api/channels/${channel.id}/election`);
    // The voters and their verification grants are written straight into the database (the embedded
    // one once its server has stopped): verification itself is not what this test is about.
    if (!postgres) await first.stop();
    const voters = await openDatabase(async ({ db }) => {
      const made = await bulkVoters(db, systemClock, upcoming.organization_id, VOTERS);
      return Promise.all(
        made.map(async (voter) => ({
          ...voter,
          grant: await grantFor(db, systemClock, voter.user.id, upcoming.id),
        })),
      );
    });
    const server = postgres ? first : await startServer();
    const election = await api(server.baseUrl, `/api/elections/${upcoming.id}/open`, "POST");
    expect(election.status, JSON.stringify(election)).toBe("active");
    const [question] = election.positions;

    // WRITERS voters at a time cast as fast as the server answers; at KILL_AT acknowledged votes, kill -9.
    const acknowledged: Array<{ userId: string; receipt: string }> = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed && next < voters.length) {
        const voter = voters[next++] as (typeof voters)[number];
        try {
          const response = await fetch(`${server.baseUrl}/api/elections/${election.id}/ballots`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: voter.cookie },
            body: JSON.stringify({
              grant_id: voter.grant,
              selections: [{ position_id: question.id, candidate_id: question.candidates[next % 2].id }],
            }),
          });
          if (response.status === 201)
            acknowledged.push({
              userId: voter.user.id,
              receipt: ((await response.json()) as { receipt: string }).receipt,
            });
          else expect(response.status).toBe(201);
        } catch {
          return; // the server is gone
        }
        if (acknowledged.length >= KILL_AT && !killed) {
          killed = true;
          await server.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    expect(killed).toBe(true);

    await openDatabase(async ({ db }) => {
      const voted = await db
        .select({ userId: participations.userId })
        .from(participations)
        .where(
          and(
            eq(participations.positionId, question.id),
            inArray(
              participations.userId,
              acknowledged.map((a) => a.userId),
            ),
          ),
        );
      expect(voted).toHaveLength(acknowledged.length);
      const receipts = acknowledged.map((a) => receiptHash(a.receipt, question.id));
      const [found] = await db
        .select({ n: count() })
        .from(ballots)
        .where(inArray(ballots.receiptHash, receipts));
      expect(found?.n).toBe(acknowledged.length);
      // Whatever was in flight when the process died is whole or absent: one ballot per participation.
      const [who] = await db
        .select({ n: count() })
        .from(participations)
        .where(eq(participations.electionId, election.id));
      const [what] = await db.select({ n: count() }).from(ballots).where(eq(ballots.electionId, election.id));
      expect(what?.n).toBe(who?.n);
    });
  });
});
