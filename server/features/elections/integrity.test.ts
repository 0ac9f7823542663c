import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/connect";
import { arrayRows } from "../../db/prepared";
import { ballots, elections, electionVoters, participations, seals } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { ballotPass } from "./ballot-pass";
import { chainRoot, parseHead, tallyOf } from "./chain";
import { SEAL_MAX_BALLOTS, SEAL_MIN_VOTERS, sealPending } from "./sealing";
import { verifyElectionIntegrity } from "./verifier";

let t: TestApp;
beforeAll(async () => {
  // Its seals sweep every election of the database, as the schedule does: on the shared PostgreSQL
  // database they sealed, or stopped at, other files' elections, and those files' sweeps at its own.
  t = await testApp({ ownDatabase: true });
});
afterAll(() => t.close());

async function votedElection(voterCount: number) {
  const admin = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, voterCount);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const election = (
    await call(t.app, admin.cookie).post(
      `/api/elections/${(await electionOfChannel(t.app, admin.cookie, channel.id)).id}/open`,
    )
  ).json();
  const [president] = election.positions;
  const receipts: string[] = [];
  const cast = async (voter: (typeof voters)[number], i: number) => {
    const response = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2].id }],
    });
    receipts.push(response.json().receipt);
    return response.json();
  };
  for (const [i, voter] of voters.entries()) await cast(voter, i);
  const castOneMore = async () => {
    const [voter] = await bulkVoters(t.database.db, t.clock, admin.organizationId, 1);
    if (!voter) throw new Error("no voter");
    await t.database.db.insert(electionVoters).values({ electionId: election.id, userId: voter.user.id });
    return cast(voter, receipts.length);
  };
  return { admin, election, president, receipts, castOneMore };
}

const close = (admin: { cookie: string }, electionId: string) =>
  call(t.app, admin.cookie).post(`/api/elections/${electionId}/close`);

/** A ballot written straight into the database, with no voter behind it. */
async function insertBallot(electionId: string, positionId: string, candidateId: string) {
  await t.database.db.insert(ballots).values({
    electionId,
    positionId,
    candidateId,
    receiptHash: sha256(`forged-${Math.random()}`),
    chainKey: sha256(`forged-key-${Math.random()}`),
  });
}

describe("seals and the bulletin board", () => {
  it("wait, while voting is open, for the ballots of ten voters, so no seal's time singles a voter out", async () => {
    const few = await votedElection(SEAL_MIN_VOTERS - 1);
    await sealPending(t.database.db);
    expect(await verifyElectionIntegrity(t.database.db, few.election.id)).toMatchObject({ seals: 0 });
    const enough = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db);
    expect(await verifyElectionIntegrity(t.database.db, enough.election.id)).toMatchObject({
      seals: 1,
      unsealed: 0,
    });
    // Closing the election seals what is left, however few.
    const closed = await call(t.app, few.admin.cookie).post(`/api/elections/${few.election.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(await verifyElectionIntegrity(t.database.db, few.election.id)).toMatchObject({
      seals: 1,
      unsealed: 0,
      problems: [],
    });
  });

  it("seal ballots in batches into a chain that verify-election recomputes", async () => {
    const { admin, election, president, receipts } = await votedElection(4);
    expect((await sealPending(t.database.db, { minVoters: 1 })).sealed).toBeGreaterThanOrEqual(4);
    const more = await votedElection(1);
    await sealPending(t.database.db, { minVoters: 1 });
    const report = await verifyElectionIntegrity(t.database.db, election.id);
    expect(report).toMatchObject({ ballots: 4, unsealed: 0, problems: [] });
    expect(report.seals).toBe(1);
    // The id as someone typed it (verify-election takes it in capitals too): the same findings.
    expect((await verifyElectionIntegrity(t.database.db, election.id.toUpperCase())).problems).toEqual([]);
    expect((await verifyElectionIntegrity(t.database.db, more.election.id)).problems).toEqual([]);

    // A voter finds their ballot's seal on the public board by its tag, made from the receipt
    // (which never travels); while voting is open no answer is listed; the close publishes them.
    const board = (await call(t.app).get(`/api/elections/${election.id}/bulletin`)).json();
    expect(board.seals).toHaveLength(1);
    expect(board.ballots).toEqual([]);
    const key = sha256(`chain|${receipts[0]}:${president.id}`);
    expect(board.sealed[0].tags).toContain(sha256(key).slice(0, 16));
    expect(JSON.stringify(board)).not.toMatch(/user|voter|email/i);
    await close(admin, election.id);
    const closed = (await call(t.app).get(`/api/elections/${election.id}/bulletin`)).json();
    const mine = sha256(`${receipts[0]}:${president.id}`);
    expect(closed.ballots.find((b: { receipt_hash: string }) => b.receipt_hash === mine)).toEqual({
      receipt_hash: mine,
      position_id: president.id,
      candidate_id: president.candidates[0].id,
      ballot: null,
    });
  });

  it("publish no answer on the board while the close's last ballots wait for their seal", async () => {
    const { election, castOneMore } = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db, { electionId: election.id });
    await castOneMore();
    // Voting has ended, the last ballot not yet sealed (another process's sealer held the lock).
    await t.database.db.update(elections).set({ status: "completed" }).where(eq(elections.id, election.id));
    const waiting = (await call(t.app).get(`/api/elections/${election.id}/bulletin`)).json();
    expect(waiting).toMatchObject({ ballots: [], results: null, tie_seed: null });
    await sealPending(t.database.db, { electionId: election.id });
    const published = (await call(t.app).get(`/api/elections/${election.id}/bulletin`)).json();
    expect(published.ballots).toHaveLength(SEAL_MIN_VOTERS + 1);
    expect(published.results).not.toBeNull();
  });

  // Two thousand voters' ballots sealed and verified: on the embedded database of a loaded 2-core
  // machine that took more than the project's 20 s (6 s alone), so it has a minute.
  it("seal a backlog in several seals, the rest planned again when the database goes away midway", {
    timeout: 60_000,
  }, async () => {
    const admin = await createOrganization(t.app);
    const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
      .channel;
    const { id } = await electionOfChannel(t.app, admin.cookie, channel.id);
    const election = (await call(t.app, admin.cookie).post(`/api/elections/${id}/open`)).json();
    const [president] = election.positions;
    // Five more than two seals' worth of one question: three seals, as even as they can be.
    const voters = await bulkVoters(t.database.db, t.clock, admin.organizationId, 2 * SEAL_MAX_BALLOTS + 5);
    const ids = `{${voters.map((voter) => voter.user.id).join(",")}}`;
    await t.database.db.execute(sql`insert into participations (election_id, position_id, user_id)
      select ${id}::uuid, ${president.id}::uuid, v from unnest(${ids}::uuid[]) v`);
    await t.database.db.execute(sql`insert into ballots (election_id, position_id, candidate_id, receipt_hash, chain_key)
      select ${id}::uuid, ${president.id}::uuid, (array[${president.candidates[0].id}, ${president.candidates[1].id}]::uuid[])[1 + i % 2],
        encode(sha256(convert_to(v::text, 'UTF8')), 'hex'), encode(sha256(convert_to('key' || v::text, 'UTF8')), 'hex')
      from unnest(${ids}::uuid[]) with ordinality as u(v, i)`);

    // The database goes away after the first seal of three (669, 669, 667): that seal stands, and
    // the next call plans the rest again (1,336: two seals of 668).
    let transactions = 0;
    const failing = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return (...args: Parameters<Db["transaction"]>) =>
          ++transactions === 2 ? Promise.reject(new Error("connection lost")) : target.transaction(...args);
      },
    });
    const stopped = await sealPending(failing, { electionId: id });
    expect([stopped.seals.length, stopped.sealed, (stopped.stopped as Error).message]).toEqual([
      1,
      669,
      "connection lost",
    ]);
    const outcome = await sealPending(t.database.db, { electionId: id });
    expect([outcome.sealed, outcome.stopped]).toEqual([1_336, undefined]);
    const chain = await t.database.db
      .select()
      .from(seals)
      .where(eq(seals.electionId, id))
      .orderBy(seals.sequence);
    expect(chain.map((seal) => seal.ballotCount)).toEqual([669, 668, 668]);
    // Each seal discloses as many voters as it holds ballots.
    const disclosed = await t.database.db
      .select({ sealId: participations.sealId, n: sql<number>`count(*)::int` })
      .from(participations)
      .where(eq(participations.electionId, id))
      .groupBy(participations.sealId)
      .orderBy(participations.sealId);
    expect(disclosed.map((row) => row.n)).toEqual(chain.map((seal) => seal.ballotCount));
    const report = await verifyElectionIntegrity(t.database.db, id);
    expect(report).toMatchObject({ problems: [], seals: 3, unsealed: 0, ballots: 2 * SEAL_MAX_BALLOTS + 5 });
  });

  it("give verify-election the same roots whatever order its statement's rows come in", async () => {
    const { election, castOneMore } = await votedElection(3);
    await sealPending(t.database.db, { minVoters: 1 });
    await castOneMore();
    await sealPending(t.database.db, { minVoters: 1 });
    const chain = await t.database.db.select().from(seals).where(eq(seals.electionId, election.id));
    expect(chain).toHaveLength(2);
    // The seals' rows before the chain's (PostgreSQL reads the chain first; nothing promises it).
    const previousRoots = new Map<number, string>();
    const pass = ballotPass(election.id, previousRoots);
    for (const [sealId, text, receipts] of await arrayRows<[number | null, string, string | null]>(
      t.database.db,
      pass.statement,
    ))
      pass.take(sealId, text, receipts);
    for (const seal of chain) previousRoots.set(seal.id, seal.previousRoot);
    const { bySeal } = await pass.finish(t.database.db);
    expect(chain.map((seal) => bySeal.get(seal.id)?.root)).toEqual(chain.map((seal) => seal.root));
    expect((await verifyElectionIntegrity(t.database.db, election.id)).problems).toEqual([]);
  });

  it("give verify-election's pass the same figures a row per seal and a row per group", async () => {
    const { election, castOneMore } = await votedElection(5);
    await sealPending(t.database.db, { minVoters: 1 });
    await castOneMore();
    await castOneMore();
    await sealPending(t.database.db, { minVoters: 1 });
    await castOneMore();
    const chain = await t.database.db.select().from(seals).where(eq(seals.electionId, election.id));
    const figures = async (rowPerGroup: boolean) => {
      const pass = ballotPass(election.id, new Map(chain.map((seal) => [seal.id, seal.previousRoot])), {
        rowPerGroup,
      });
      const rows = await arrayRows<[number | null, string, string | null]>(t.database.db, pass.statement);
      for (const [sealId, text, receipts] of rows) pass.take(sealId, text, receipts);
      return { rows: rows.length, ...(await pass.finish(t.database.db)) };
    };
    const [bySeal, byGroup] = [await figures(false), await figures(true)];
    // Two seals of two choices each, and the one ballot not yet sealed.
    expect([bySeal.rows, byGroup.rows]).toEqual([3, 5]);
    expect({ ...byGroup, rows: 0 }).toEqual({ ...bySeal, rows: 0 });
    expect(chain.map((seal) => byGroup.bySeal.get(seal.id)?.root)).toEqual(chain.map((seal) => seal.root));
    expect([byGroup.total, byGroup.unsealed]).toEqual([8, 1]);
    // A chain key that is not 64 characters: its seal is read whole and hashed, in either shape.
    const [sealed] = await t.database.db
      .select()
      .from(ballots)
      .where(eq(ballots.sealId, chain[1]?.id as number))
      .limit(1);
    await t.database.db
      .update(ballots)
      .set({ chainKey: `${sealed?.chainKey}0` })
      .where(eq(ballots.id, sealed?.id as string));
    const [altered, alteredByGroup] = [await figures(false), await figures(true)];
    expect({ ...alteredByGroup, rows: 0 }).toEqual({ ...altered, rows: 0 });
    expect(altered.bySeal.get(chain[1]?.id as number)?.root).not.toBe(chain[1]?.root);
  });

  it("let verify-election detect a ballot altered directly in the database", async () => {
    const { election, president } = await votedElection(3);
    await sealPending(t.database.db, { minVoters: 1 });
    const [victim] = await t.database.db
      .select()
      .from(ballots)
      .where(eq(ballots.electionId, election.id))
      .limit(1);
    const other = president.candidates.find((c: { id: string }) => c.id !== victim?.candidateId);
    await t.database.db
      .update(ballots)
      .set({ candidateId: other.id })
      .where(eq(ballots.id, victim?.id ?? ""));
    const report = await verifyElectionIntegrity(t.database.db, election.id);
    expect(report.problems.join("\n")).toMatch(/root differs/);
    expect(report.problems.join("\n")).toMatch(/has \d ballots, the seal recorded/);
  });

  it("let verify-election detect a chain key rewritten in the database, whatever it is rewritten to", async () => {
    const { election } = await votedElection(4);
    await sealPending(t.database.db, { minVoters: 1 });
    const sealed = await t.database.db.select().from(ballots).where(eq(ballots.electionId, election.id));
    // Still a hash (now first in the seal's order), then not one: 64 bytes but 32 characters, too short, a line break in it.
    for (const chainKey of [
      "0".repeat(64),
      "é".repeat(32),
      "forged",
      `${"f".repeat(31)}\n${"f".repeat(32)}`,
    ]) {
      await t.database.db
        .update(ballots)
        .set({ chainKey })
        .where(eq(ballots.id, sealed[2]?.id ?? ""));
      const report = await verifyElectionIntegrity(t.database.db, election.id);
      expect(report.problems).toEqual([
        "seal 1: root differs from its ballots (a ballot was altered, added or removed)",
      ]);
    }
  });
});

describe("ballots held against the voters who took part (issue 12, item 2)", () => {
  it("a ballot inserted directly is never sealed, and verify-election flags it, open and closed", async () => {
    const { admin, election, president } = await votedElection(SEAL_MIN_VOTERS);
    await insertBallot(election.id, president.id, president.candidates[0].id);
    const outcome = await sealPending(t.database.db, { electionId: election.id });
    expect(outcome.seals).toEqual([]);
    expect(outcome.refused).toEqual([
      {
        electionId: election.id,
        positionId: president.id,
        ballots: SEAL_MIN_VOTERS + 1,
        participations: SEAL_MIN_VOTERS,
      },
    ]);
    const open = await verifyElectionIntegrity(t.database.db, election.id);
    expect(open.problems.join("\n")).toMatch(/11 ballots but only 10 voters took part/);

    await close(admin, election.id);
    const closed = await verifyElectionIntegrity(t.database.db, election.id);
    expect(closed).toMatchObject({ seals: 0, unsealed: SEAL_MIN_VOTERS + 1 });
    expect(closed.problems.join("\n")).toMatch(/11 ballots but only 10 voters took part/);
    expect(closed.problems.join("\n")).toMatch(/11 ballots still unsealed after the close/);
  });

  it("a ballot inserted beside a real one waiting for the same seal is refused too (the counts differ)", async () => {
    const { election, president, castOneMore } = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db, { electionId: election.id });
    await castOneMore();
    await insertBallot(election.id, president.id, president.candidates[1].id);
    const outcome = await sealPending(t.database.db, { electionId: election.id, minVoters: 1 });
    expect(outcome.seals).toEqual([]);
    expect(outcome.refused).toHaveLength(1);
  });

  it("deleting the last seal with its ballots is detected", async () => {
    const { admin, election, castOneMore } = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db, { electionId: election.id });
    await castOneMore();
    await close(admin, election.id);
    const [last] = await t.database.db
      .select()
      .from(seals)
      .where(eq(seals.electionId, election.id))
      .orderBy(desc(seals.sequence))
      .limit(1);
    if (last?.sequence !== 2) throw new Error("expected two seals");
    expect((await verifyElectionIntegrity(t.database.db, election.id)).problems).toEqual([]);
    await t.database.db
      .delete(ballots)
      .where(and(eq(ballots.electionId, election.id), eq(ballots.sealId, last.id)));
    await t.database.db.delete(seals).where(eq(seals.id, last.id));
    const report = await verifyElectionIntegrity(t.database.db, election.id);
    expect(report.problems.join("\n")).toMatch(/11 voters took part but only 10 ballots remain/);
    expect(report.problems.join("\n")).toMatch(/disclosed by a seal that does not exist/);
  });

  it("a ballot moved to a seal id that no seal has (a negative one too) is counted as pointing nowhere", async () => {
    const { election } = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db, { electionId: election.id });
    const [moved] = await t.database.db
      .select()
      .from(ballots)
      .where(eq(ballots.electionId, election.id))
      .limit(1);
    for (const sealId of [-5, 2_000_000_000]) {
      await t.database.db
        .update(ballots)
        .set({ sealId })
        .where(eq(ballots.id, moved?.id ?? ""));
      const report = await verifyElectionIntegrity(t.database.db, election.id);
      expect(report.unsealed).toBe(0);
      expect(report.problems).toContain("1 ballots point to a seal that does not exist");
      expect(report.problems.join("\n")).toMatch(/seal 1: covers 9 ballots, recorded 10/);
    }
  });

  it("a chain recomputed after a change passes alone, and fails against a head a voter witnessed", async () => {
    const { admin, election, president, castOneMore } = await votedElection(SEAL_MIN_VOTERS);
    await sealPending(t.database.db, { electionId: election.id });
    // The next voter's receipt records the head current when they voted: seal 1.
    const cast = await castOneMore();
    const [first] = await t.database.db.select().from(seals).where(eq(seals.electionId, election.id));
    expect(cast.head).toEqual({ sequence: 1, root: first?.root });
    await close(admin, election.id);

    // Someone with the database changes a sealed ballot and recomputes every seal after it.
    const [victim] = await t.database.db
      .select()
      .from(ballots)
      .where(and(eq(ballots.electionId, election.id), eq(ballots.sealId, first?.id ?? -1)))
      .limit(1);
    const other = president.candidates.find((c: { id: string }) => c.id !== victim?.candidateId);
    await t.database.db
      .update(ballots)
      .set({ candidateId: other.id })
      .where(eq(ballots.id, victim?.id ?? ""));
    const chain = await t.database.db
      .select()
      .from(seals)
      .where(eq(seals.electionId, election.id))
      .orderBy(seals.sequence);
    // Recomputed from where the chain starts (the election's definition hash).
    let previous = chain[0]?.previousRoot ?? "";
    for (const seal of chain) {
      const batch = await t.database.db.select().from(ballots).where(eq(ballots.sealId, seal.id));
      const root = chainRoot(previous, batch);
      await t.database.db
        .update(seals)
        .set({ previousRoot: previous, root, tally: tallyOf(batch) })
        .where(eq(seals.id, seal.id));
      previous = root;
    }
    expect((await verifyElectionIntegrity(t.database.db, election.id)).problems).toEqual([]);
    const witnessed = parseHead(`${cast.head.sequence}:${cast.head.root}`);
    if (!witnessed) throw new Error("head did not parse");
    const report = await verifyElectionIntegrity(t.database.db, election.id, { heads: [witnessed] });
    expect(report.problems).toEqual([
      "witnessed head 1: the chain's root differs (the chain was recomputed)",
    ]);
    // A head on the chain as it stands passes.
    const current = await t.database.db
      .select()
      .from(seals)
      .where(eq(seals.electionId, election.id))
      .orderBy(seals.sequence);
    const standing = current.map((s) => ({ sequence: s.sequence, root: s.root }));
    expect((await verifyElectionIntegrity(t.database.db, election.id, { heads: standing })).problems).toEqual(
      [],
    );
    expect(
      (
        await verifyElectionIntegrity(t.database.db, election.id, {
          heads: [{ sequence: 9, root: "a".repeat(64) }],
        })
      ).problems,
    ).toEqual(["witnessed head 9: no such seal on the chain (a seal was removed)"]);
  });
});
