import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionMessages } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import { electionVoters, sessions, users, verificationGrants } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { ballotCount, electionWithVoters, grantFor } from "../../test/elections";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { SESSION_LIFETIME_MS } from "../accounts/sessions";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function openElection(members: number) {
  const { admin, voters, election } = await electionWithVoters(t, members, { open: true });
  const [president] = election.positions;
  const choice = { position_id: president.id, candidate_id: president.candidates[0].id };
  return { admin, voters, election, choice };
}

const sessionOf = (cookie: string) => sha256(decodeURIComponent(cookie.replace("votespace_session=", "")));

async function grantUnspent(grantId: string) {
  const [grant] = await t.database.db
    .select({ usedAt: verificationGrants.usedAt })
    .from(verificationGrants)
    .where(eq(verificationGrants.id, grantId));
  return grant?.usedAt === null;
}

// The cast reads its session inside its one write (routeWithSessionInWrite): these are the
// session's rules as every other route applies them, held by that write.
describe("the cast's session, read inside its write", () => {
  it("casts for a signed-in voter, and moves the session's idle expiry on as any request does", async () => {
    const { voters, election, choice } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    const id = sessionOf(voter.cookie);
    const [before] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    t.clock.advance(5 * 60_000);
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const response = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: grant,
      selections: [choice],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(electionMessages.voteCast);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(after?.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    expect(after?.expiresAt.getTime()).toBeGreaterThan(before?.expiresAt.getTime() ?? 0);
  });

  it("refuses as every route does, writing nothing: no session, an unknown, idle or outlived one, an administrator's, and a malformed body from one of them", async () => {
    const { admin, voters, election, choice } = await openElection(4);
    const [idle, alsoIdle, outlived, other] = voters;
    if (!idle || !alsoIdle || !outlived || !other) throw new Error("no voters");
    const castAs = async (cookie: string | undefined, userId: string, body?: unknown) => {
      const grant = await grantFor(t.database.db, t.clock, userId, election.id);
      const response = await call(t.app, cookie).post(
        `/api/elections/${election.id}/ballots`,
        body ?? { grant_id: grant, selections: [choice] },
      );
      expect(await grantUnspent(grant)).toBe(true);
      return response;
    };

    const anonymous = await castAs(undefined, other.user.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(messages.notSignedIn);

    const unknown = await castAs("votespace_session=not-a-session", other.user.id);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(messages.sessionExpired);
    expect(unknown.headers["set-cookie"]).toMatch(/votespace_session=;/);

    // Past its lifetime, however recently it was used.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(t.clock.now().getTime() - SESSION_LIFETIME_MS) })
      .where(eq(sessions.id, sessionOf(outlived.cookie)));
    const old = await castAs(outlived.cookie, outlived.user.id);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(messages.sessionExpired);

    // Voting is a voter's, even for an administrator put on the roll by hand.
    await t.database.db.insert(electionVoters).values({ electionId: election.id, userId: admin.id });
    const administrator = await castAs(admin.cookie, admin.id);
    expect(administrator.statusCode).toBe(403);

    // Idle past the voter's timeout (30 minutes): expired, even with a body the route would refuse.
    t.clock.advance(31 * 60_000);
    const expired = await castAs(alsoIdle.cookie, alsoIdle.user.id);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(messages.sessionExpired);
    const malformed = await castAs(idle.cookie, idle.user.id, { grant_id: "not-a-grant" });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error.message).toBe(messages.sessionExpired);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, idle.user.id))).toHaveLength(
      0,
    );

    expect(await ballotCount(t.database.db, election.id)).toBe(0);
  });

  it("asks a voter who chose to give their password, and casts once they give it", async () => {
    const { voters, election, choice } = await openElection(1);
    const [voter] = voters;
    if (!voter) throw new Error("no voter");
    await t.database.db
      .update(users)
      .set({ settings: { security: { requirePassword: true } } } as Partial<typeof users.$inferInsert>)
      .where(eq(users.id, voter.user.id));
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const path = `/api/elections/${election.id}/ballots`;
    const asked = await call(t.app, voter.cookie).post(path, { grant_id: grant, selections: [choice] });
    expect(asked.json().error.message).toBe(electionMessages.passwordNeeded);
    // Asked first, whatever else is wrong with the vote (here, another election's question).
    const elsewhere = await call(t.app, voter.cookie).post(path, {
      grant_id: grant,
      selections: [{ ...choice, position_id: crypto.randomUUID() }],
    });
    expect(elsewhere.json().error.message).toBe(electionMessages.passwordNeeded);
    expect(await grantUnspent(grant)).toBe(true);
    const given = await call(t.app, voter.cookie).post(path, {
      grant_id: grant,
      selections: [choice],
      password: "vs-secret12",
    });
    expect(given.statusCode).toBe(201);
    expect(await ballotCount(t.database.db, election.id)).toBe(1);
  });
});
