import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ballots } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { SEAL_MIN_VOTERS, sealPending, verifyElectionIntegrity } from "./sealing";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
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
  for (const [i, voter] of voters.entries()) {
    const response = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[i % 2].id }],
    });
    receipts.push(response.json().receipt);
  }
  return { admin, election, president, receipts };
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
    const { election, president, receipts } = await votedElection(4);
    expect(await sealPending(t.database.db, { minVoters: 1 })).toBeGreaterThanOrEqual(4);
    const more = await votedElection(1);
    await sealPending(t.database.db, { minVoters: 1 });
    const report = await verifyElectionIntegrity(t.database.db, election.id);
    expect(report).toMatchObject({ ballots: 4, unsealed: 0, problems: [] });
    expect(report.seals).toBe(1);
    expect((await verifyElectionIntegrity(t.database.db, more.election.id)).problems).toEqual([]);

    // A voter finds their ballot on the public board by hashing the receipt; the receipt never travels.
    const board = (await call(t.app).get(`/api/elections/${election.id}/bulletin`)).json();
    expect(board.seals).toHaveLength(1);
    const mine = sha256(`${receipts[0]}:${president.id}`);
    const found = board.ballots.find((b: { receipt_hash: string }) => b.receipt_hash === mine);
    expect(found).toMatchObject({
      position_id: president.id,
      candidate_id: president.candidates[0].id,
      seal: 1,
    });
    expect(JSON.stringify(board)).not.toMatch(/user|voter|email/i);
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
});
