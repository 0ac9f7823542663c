import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineScore, type MonitoredSession } from "../../../contract/monitoring";
import { votingSessions } from "../../db/schema";
import { grantFor } from "../../test/elections";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { sealPending } from "../elections/sealing";
import { automationSigns } from "./rules/automation";
import { distanceKm, impossibleTrip } from "./rules/impossibleTravel";
import { SHARED_ADDRESS_MIN_VOTERS, SHARED_ADDRESS_WINDOW_MINUTES } from "./rules/sharedAddress";
import {
  ACCRA,
  deviceHash,
  KUMASI,
  LONDON,
  monitoredElection,
  overview,
  recordFrom,
  sessionBody,
} from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function sessionOf(userId: string, electionId: string) {
  const [row] = await t.database.db
    .select()
    .from(votingSessions)
    .where(eq(votingSessions.userId, userId))
    .orderBy(desc(votingSessions.updatedAt));
  if (!row || row.electionId !== electionId) throw new Error("no session");
  return row;
}

const fired = (session: { riskRules: Array<{ rule: string }> }) => session.riskRules.map((hit) => hit.rule);

describe("the score", () => {
  it("is 1 − Π(1 − weight): 0 with no rule, a rule's weight alone, never above 1", () => {
    expect(combineScore([])).toBe(0);
    expect(combineScore([{ weight: 0.5 }])).toBe(0.5);
    expect(combineScore([{ weight: 0.5 }, { weight: 0.4 }])).toBe(0.7);
    expect(combineScore([{ weight: 1 }, { weight: 0.9 }, { weight: 0.9 }])).toBe(1);
  });
});

describe("shared device", () => {
  it("fires for a second voter on one device, not for the first, nor for one voter on two devices", async () => {
    const { voters, election } = await monitoredElection(t);
    const [a, b] = voters;
    if (!a || !b) throw new Error("no voters");
    const device = deviceHash();
    expect(
      (await recordFrom(t, a.cookie, election.id, sessionBody({ device_hash: device }))).statusCode,
    ).toBe(201);
    await recordFrom(t, a.cookie, election.id, sessionBody());
    expect(fired(await sessionOf(a.user.id, election.id))).not.toContain("shared_device");

    await recordFrom(t, b.cookie, election.id, sessionBody({ device_hash: device }));
    const second = await sessionOf(b.user.id, election.id);
    expect(fired(second)).toContain("shared_device");
    expect(second.riskScore).toBeGreaterThanOrEqual(0.5);
    expect(second.status).toBe("suspicious");
  });

  it("counts every voter on the device in each flagged session's reason, however late they came", async () => {
    const { voters, election } = await monitoredElection(t, { members: 3 });
    const [a, b, c] = voters;
    if (!a || !b || !c) throw new Error("no voters");
    const device = deviceHash();
    const reason = async (voter: typeof a) =>
      (await sessionOf(voter.user.id, election.id)).riskRules.find((hit) => hit.rule === "shared_device")
        ?.detail;
    for (const voter of [a, b])
      await recordFrom(t, voter.cookie, election.id, sessionBody({ device_hash: device }));
    expect(await reason(b)).toBe("This device was also used by 1 other voter of this organization");

    await recordFrom(t, c.cookie, election.id, sessionBody({ device_hash: device }));
    expect(await reason(c)).toBe("This device was also used by 2 other voters of this organization");
    expect(await reason(b)).toBe("This device was also used by 2 other voters of this organization");
    // The rule stays about who came later: the device's first voter is not flagged.
    expect(await reason(a)).toBeUndefined();
  });
});

describe("many voters on one address", () => {
  it(`fires at ${SHARED_ADDRESS_MIN_VOTERS} voters from one address within ${SHARED_ADDRESS_WINDOW_MINUTES} minutes, not below`, async () => {
    const { voters, election } = await monitoredElection(t, { members: SHARED_ADDRESS_MIN_VOTERS + 1 });
    const ip = "198.51.100.23";
    const [late, ...rest] = voters;
    if (!late) throw new Error("no voters");
    // One voter long before: outside the window, it does not count.
    await recordFrom(t, late.cookie, election.id, sessionBody(), ip);
    t.clock.advance((SHARED_ADDRESS_WINDOW_MINUTES + 1) * 60_000);
    for (const [i, voter] of rest.entries()) {
      await recordFrom(t, voter.cookie, election.id, sessionBody(), ip);
      const session = await sessionOf(voter.user.id, election.id);
      if (i + 1 < SHARED_ADDRESS_MIN_VOTERS) expect(fired(session)).not.toContain("shared_address");
      else expect(fired(session)).toContain("shared_address");
    }
  });
});

describe("repeated failed verification", () => {
  it("fires at the third failed ID check of the voter in the election, not at the second", async () => {
    const { voters, election } = await monitoredElection(t);
    const [voter] = voters;
    if (!voter) throw new Error("no voters");
    await recordFrom(t, voter.cookie, election.id, sessionBody());
    const fail = () =>
      call(t.app, voter.cookie).post(`/api/elections/${election.id}/verification`, {
        method: "national_id",
        id_number: "WRONG-NUMBER",
      });
    expect((await fail()).statusCode).toBe(400);
    expect((await fail()).statusCode).toBe(400);
    let session = await sessionOf(voter.user.id, election.id);
    expect(session.failedVerifications).toBe(2);
    expect(session.verification).toBe("failed");
    expect(fired(session)).not.toContain("failed_verification");
    await fail();
    session = await sessionOf(voter.user.id, election.id);
    expect(session.failedVerifications).toBe(3);
    expect(fired(session)).toContain("failed_verification");
  });
});

describe("impossible travel", () => {
  it("measures distances and trips", () => {
    expect(distanceKm(ACCRA, LONDON)).toBeGreaterThan(5000);
    expect(distanceKm(ACCRA, LONDON)).toBeLessThan(5200);
    const at = new Date("2026-03-01T10:00:00Z");
    const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
    expect(impossibleTrip({ location: ACCRA, at }, { location: LONDON, at: later(30) })).not.toBeNull();
    // Ten hours is a flight.
    expect(impossibleTrip({ location: ACCRA, at }, { location: LONDON, at: later(600) })).toBeNull();
    // Accra to Kumasi (about 200 km) by car in 4 hours is travel; in 5 minutes it is not.
    expect(impossibleTrip({ location: ACCRA, at }, { location: KUMASI, at: later(240) })).toBeNull();
    expect(impossibleTrip({ location: ACCRA, at }, { location: KUMASI, at: later(5) })).not.toBeNull();
    // Nearby readings are noise, however quick.
    const near = { ...ACCRA, latitude: ACCRA.latitude + 0.3 };
    expect(impossibleTrip({ location: ACCRA, at }, { location: near, at })).toBeNull();
  });

  it("fires when one voter's sessions are far apart too quickly, not when the trip is possible", async () => {
    const { voters, election } = await monitoredElection(t);
    const [quick, slow] = voters;
    if (!quick || !slow) throw new Error("no voters");
    await recordFrom(t, quick.cookie, election.id, sessionBody({ location: ACCRA }));
    t.clock.advance(20 * 60_000);
    await recordFrom(t, quick.cookie, election.id, sessionBody({ location: LONDON }));
    const far = await sessionOf(quick.user.id, election.id);
    expect(fired(far)).toContain("impossible_travel");
    expect(far.riskRules.find((hit) => hit.rule === "impossible_travel")?.detail).toMatch(/km\/h/);

    await recordFrom(t, slow.cookie, election.id, sessionBody({ location: ACCRA }));
    // Ten hours ago (the sign-in would expire if the clock moved that far).
    await t.database.db
      .update(votingSessions)
      .set({ updatedAt: new Date(t.clock.now().getTime() - 10 * 60 * 60_000) })
      .where(eq(votingSessions.userId, slow.user.id));
    await recordFrom(t, slow.cookie, election.id, sessionBody({ location: LONDON }));
    expect(fired(await sessionOf(slow.user.id, election.id))).not.toContain("impossible_travel");
  });
});

describe("automation signs", () => {
  it("reads the signs from the device information", () => {
    const browser = sessionBody().device_info;
    expect(automationSigns(browser)).toEqual([]);
    expect(automationSigns({ ...browser, webdriver: true })).toHaveLength(1);
    expect(automationSigns({ ...browser, userAgent: "Mozilla/5.0 HeadlessChrome/140.0" })[0]).toMatch(
      /HeadlessChrome/,
    );
    expect(automationSigns({ ...browser, screen: { width: 0, height: 0, colorDepth: 24 } })).toEqual([
      "no screen",
    ]);
    expect(automationSigns({})).toHaveLength(1);
  });

  it("fires for a driven browser, not for an ordinary one", async () => {
    const { voters, election } = await monitoredElection(t);
    const [person, script] = voters;
    if (!person || !script) throw new Error("no voters");
    await recordFrom(t, person.cookie, election.id, sessionBody());
    expect(fired(await sessionOf(person.user.id, election.id))).toEqual([]);
    const driven = sessionBody();
    await recordFrom(t, script.cookie, election.id, {
      ...driven,
      device_info: { ...driven.device_info, webdriver: true },
    });
    const session = await sessionOf(script.user.id, election.id);
    expect(fired(session)).toEqual(["automation"]);
    expect(session.riskScore).toBe(0.4);
  });
});

describe("repeated duplicate vote attempts", () => {
  /** A voter who opened the election channel, and a vote for the president's candidate at `index`. */
  async function voterWhoOpened() {
    const { admin, voters, election, president } = await monitoredElection(t);
    const [voter] = voters;
    if (!voter) throw new Error("no voters");
    await recordFrom(t, voter.cookie, election.id, sessionBody());
    const vote = async (index: number) =>
      call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[index].id }],
      });
    return { admin, voter, election, vote };
  }

  it("counts each attempt to vote again and fires at the second", async () => {
    const { voter, election, vote } = await voterWhoOpened();
    expect((await vote(0)).statusCode).toBe(201);
    // The session completes when a seal discloses the vote in a batch, never at the cast itself.
    let session = await sessionOf(voter.user.id, election.id);
    expect(session.status).toBe("active");
    await sealPending(t.database.db, { electionId: election.id, minVoters: 1 });
    session = await sessionOf(voter.user.id, election.id);
    expect(session.status).toBe("completed");
    expect(session.duplicateAttempts).toBe(0);

    expect((await vote(1)).statusCode).toBe(409);
    session = await sessionOf(voter.user.id, election.id);
    expect(session.duplicateAttempts).toBe(1);
    expect(fired(session)).not.toContain("duplicate_votes");

    expect((await vote(1)).statusCode).toBe(409);
    session = await sessionOf(voter.user.id, election.id);
    expect(session.duplicateAttempts).toBe(2);
    expect(fired(session)).toContain("duplicate_votes");
    // Completed stays completed: the vote happened; the risk shows beside it.
    expect(session.status).toBe("completed");
  });

  it("holds attempts made before a seal disclosed the vote, then counts them at the seal, Last seen unmoved", async () => {
    const { admin, voter, election, vote } = await voterWhoOpened();
    expect((await vote(0)).statusCode).toBe(201);
    const seen = (await sessionOf(voter.user.id, election.id)).updatedAt;
    t.clock.advance(60_000);
    expect((await vote(1)).statusCode).toBe(409);
    expect((await vote(1)).statusCode).toBe(409);
    let session = await sessionOf(voter.user.id, election.id);
    expect(session).toMatchObject({ duplicateAttempts: 0, status: "active", updatedAt: seen });
    expect(fired(session)).not.toContain("duplicate_votes");

    // One voter is too few for a seal while voting is open: the close seals what waits.
    t.clock.advance(60_000);
    expect((await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`)).statusCode).toBe(
      200,
    );
    session = await sessionOf(voter.user.id, election.id);
    expect(session).toMatchObject({ duplicateAttempts: 2, status: "completed", updatedAt: seen });
    expect(fired(session)).toContain("duplicate_votes");
  });
});

describe("a voter who never opened the channel", () => {
  it("gets a session at the first verification, with no device and the automation rule's reason", async () => {
    const { admin, voters, election } = await monitoredElection(t);
    const [voter] = voters;
    if (!voter) throw new Error("no voters");
    await call(t.app, voter.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "WRONG-NUMBER",
    });
    const { sessions } = await overview(t, admin.cookie, admin.organizationId);
    const session = sessions.find((s: MonitoredSession) => s.user_id === voter.user.id);
    expect(session).toMatchObject({ device_hash: "", verification: "failed", failed_verifications: 1 });
    expect(session.risk_rules.map((hit: { rule: string }) => hit.rule)).toEqual(["automation"]);

    // Opening the channel later adopts that session instead of starting another.
    await recordFrom(t, voter.cookie, election.id, sessionBody());
    const after = (await overview(t, admin.cookie, admin.organizationId)).sessions.filter(
      (s: MonitoredSession) => s.user_id === voter.user.id,
    );
    expect(after).toHaveLength(1);
    expect(after[0].failed_verifications).toBe(1);
    expect(after[0].device_hash).toHaveLength(64);
  });
});
