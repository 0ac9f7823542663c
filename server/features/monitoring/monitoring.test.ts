import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionMessages } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import type { MonitoredSession, MonitoringOverview, SecurityAlert } from "../../../contract/monitoring";
import { monitoringMessages } from "../../../contract/monitoring";
import { securityAlerts, users, votingSessions } from "../../db/schema";
import { electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { hashIdNumber } from "../accounts/service";
import { sealPending } from "../elections/sealing";
import { deviceHash, listen, monitoredElection, overview, recordFrom, sessionBody } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Two voters on one device: the second one's session fires the shared-device rule. */
async function sharedDevice() {
  const setup = await monitoredElection(t);
  const [first, second] = setup.voters;
  if (!first || !second) throw new Error("no voters");
  const device = deviceHash();
  await recordFrom(t, first.cookie, setup.election.id, sessionBody({ device_hash: device }));
  await recordFrom(t, second.cookie, setup.election.id, sessionBody({ device_hash: device }));
  const read: MonitoringOverview = await overview(t, setup.admin.cookie, setup.admin.organizationId);
  const session = read.sessions.find((s) => s.user_id === second.user.id) as MonitoredSession;
  return { ...setup, first, second, device, session, read };
}

describe("alerts", () => {
  it("are raised once per rule and session, with the rule's type and severity, and announced", async () => {
    const bus = listen(t);
    const { admin, election, second, device, session, read } = await sharedDevice();
    const alert = read.alerts.find((a) => a.session_id === session.id) as SecurityAlert;
    expect(alert).toMatchObject({
      type: "device_anomaly",
      severity: "high",
      rule: "shared_device",
      user_id: second.user.id,
      full_name: second.user.fullName,
      resolved: false,
    });
    expect(alert.description).toMatch(/^Shared device: This device was also used by 1 other voter/);
    expect(session.risk_rules.map((hit) => hit.rule)).toEqual(["shared_device"]);

    // The rule keeps firing on the next visit; the alert is not raised again.
    await recordFrom(t, second.cookie, election.id, sessionBody({ device_hash: device }));
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(securityAlerts)
      .where(and(eq(securityAlerts.sessionId, session.id), eq(securityAlerts.rule, "shared_device")));
    expect(stored?.n).toBe(1);

    const events = bus.seen.filter((m) => m.topic === `admins:${admin.organizationId}`);
    // Only the organization's administrators hear of monitoring: nothing goes to every member.
    const toMembers = bus.seen.filter((m) => m.topic === `org:${admin.organizationId}`);
    bus.stop();
    expect(toMembers.filter((m) => /^(alert|voting_session)\./.test(m.event))).toEqual([]);
    expect(events.filter((m) => m.event === "alert.created")).toEqual([
      {
        topic: `admins:${admin.organizationId}`,
        event: "alert.created",
        payload: { organization_id: admin.organizationId, alert_id: alert.id, session_id: session.id },
      },
    ]);
    expect(events.filter((m) => m.event === "voting_session.updated").length).toBe(3);
  });

  it("are resolved for good by an administrator, which the figures and the screen show", async () => {
    const { admin, session, read } = await sharedDevice();
    const alert = read.alerts.find((a) => a.session_id === session.id) as SecurityAlert;
    expect(read.stats.suspicious_activity).toBe(1);
    expect(read.analytics.threat_level).toBe("high");
    const bus = listen(t);
    const resolved = await call(t.app, admin.cookie).post(`/api/monitoring/alerts/${alert.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: alert.id, resolved: true });
    // Again: nothing changes, nothing is announced twice.
    expect(
      (await call(t.app, admin.cookie).post(`/api/monitoring/alerts/${alert.id}/resolve`)).statusCode,
    ).toBe(200);
    expect(bus.seen.filter((m) => m.event === "alert.resolved")).toHaveLength(1);
    bus.stop();

    const after: MonitoringOverview = await overview(t, admin.cookie, admin.organizationId);
    expect(after.alerts.find((a) => a.id === alert.id)).toMatchObject({ resolved: true });
    expect(after.stats.suspicious_activity).toBe(0);
    expect(after.analytics.threat_level).toBeNull();
    const [row] = await t.database.db.select().from(securityAlerts).where(eq(securityAlerts.id, alert.id));
    expect(row?.resolvedBy).toBe(admin.id);
    expect(row?.resolvedAt).not.toBeNull();
  });
});

describe("blocking a session", () => {
  it("is refused below the configured risk; above it, the voter cannot vote until unblocked", async () => {
    const { admin, first, second, election, president, read } = await sharedDevice();
    const calm = read.sessions.find((s) => s.user_id === first.user.id) as MonitoredSession;
    const risky = read.sessions.find((s) => s.user_id === second.user.id) as MonitoredSession;
    expect(read.block_risk).toBe(0.6);
    expect(calm.risk_score).toBe(0);
    const refused = await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${calm.id}/block`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(monitoringMessages.belowBlockRisk(0.6));

    // Shared device (0.5) and automation (0.4): 1 − 0.5 × 0.6 = 0.7.
    const driven = sessionBody({ device_hash: risky.device_hash });
    await recordFrom(t, second.cookie, election.id, {
      ...driven,
      device_info: { ...driven.device_info, webdriver: true },
    });
    const blocked = await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ id: risky.id, status: "blocked" });

    const vote = async () =>
      call(t.app, second.cookie).post(`/api/elections/${election.id}/ballots`, {
        grant_id: await grantFor(t.database.db, t.clock, second.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
      });
    // The voter's election says so before they verify: no vote is offered.
    const seen = (await call(t.app, second.cookie).get(`/api/elections/${election.id}`)).json();
    expect(seen.viewer).toMatchObject({ blocked: true, can_vote: false });
    const denied = await vote();
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(messages.votingSessionBlocked);
    // Reopening the channel (even from another device) does not lift the block.
    await recordFrom(t, second.cookie, election.id, sessionBody());
    expect((await vote()).statusCode).toBe(403);

    const figures: MonitoringOverview = await overview(t, admin.cookie, admin.organizationId);
    expect(figures.stats.blocked_attempts).toBe(1);
    expect(figures.sessions.find((s) => s.id === risky.id)?.status).toBe("blocked");

    const lifted = await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/unblock`);
    expect(lifted.json()).toEqual({ id: risky.id, status: "suspicious" });
    expect((await vote()).statusCode).toBe(201);
    expect(
      (await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/unblock`)).statusCode,
    ).toBe(400);

    // Blocking and lifting again tells nothing of the vote until a seal discloses it with others:
    // the lifted session reads by its score, not by the participation the cast wrote.
    const relift = async () => {
      await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/block`);
      return (await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/unblock`)).json();
    };
    expect(await relift()).toEqual({ id: risky.id, status: "suspicious" });
    await sealPending(t.database.db, { electionId: election.id, minVoters: 1 });
    expect(await relift()).toEqual({ id: risky.id, status: "completed" });
  });
  it("is not offered once voting is over, and refused: a block would stop no vote", async () => {
    const { admin, second, election, read } = await sharedDevice();
    const risky = read.sessions.find((s) => s.user_id === second.user.id) as MonitoredSession;
    const driven = sessionBody({ device_hash: risky.device_hash });
    await recordFrom(t, second.cookie, election.id, {
      ...driven,
      device_info: { ...driven.device_info, webdriver: true },
    });
    expect(read.sessions.every((s) => !s.voting_over)).toBe(true);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    const after: MonitoringOverview = await overview(t, admin.cookie, admin.organizationId);
    expect(after.sessions.find((s) => s.id === risky.id)).toMatchObject({ voting_over: true });
    expect(after.sessions.find((s) => s.id === risky.id)?.risk_score).toBeGreaterThanOrEqual(0.6);
    const refused = await call(t.app, admin.cookie).post(`/api/monitoring/sessions/${risky.id}/block`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(monitoringMessages.votingOver);
    const [row] = await t.database.db.select().from(votingSessions).where(eq(votingSessions.id, risky.id));
    expect(row?.status).not.toBe("blocked");
  });
});

describe("the figures", () => {
  it("are counted from the organization's rows", async () => {
    const { admin, voters, election, president } = await monitoredElection(t, { members: 4 });
    const [a, b, c] = voters;
    if (!a || !b || !c) throw new Error("no voters");
    // d joins after the election opened (so is not on its roll); opening the election is still recorded.
    const d = await createMember(t.app, admin.organizationId, {}, admin.cookie);
    for (const voter of [a, b, c, d]) await recordFrom(t, voter.cookie, election.id, sessionBody());
    // c passes the ID check, b fails it once; a votes, then tries again once.
    await t.database.db
      .update(users)
      .set({ voterIdHash: hashIdNumber(t.app.context.config.secretKey, "MON-C-100") })
      .where(eq(users.id, c.user.id));
    const passed = await call(t.app, c.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "MON-C-100",
    });
    expect(passed.json().status).toBe("verified");
    await call(t.app, b.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "WRONG-NUMBER",
    });
    const vote = async (candidate: number) =>
      call(t.app, a.cookie).post(`/api/elections/${election.id}/ballots`, {
        grant_id: await grantFor(t.database.db, t.clock, a.user.id, election.id),
        selections: [{ position_id: president.id, candidate_id: president.candidates[candidate].id }],
      });
    await vote(0);
    await vote(1);
    // A vote completes its session when a seal discloses it (in a batch); here, at the close.
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);

    const read: MonitoringOverview = await overview(t, admin.cookie, admin.organizationId);
    expect(read.stats).toEqual({
      active_sessions: 3,
      suspicious_activity: 0,
      blocked_attempts: 0,
      verification_pass_rate: 50,
      total_monitored: 4,
    });
    expect(read.analytics.verification).toEqual({ attempts: 2, passed: 1, failed: 1, pass_rate: 50 });
    expect(read.analytics.duplicates).toEqual({
      attempts: 1,
      sessions_with_duplicates: 1,
      sessions: 4,
      rate: 25,
    });
    expect(read.analytics.risk_bands).toEqual({ low: 4, medium: 0, high: 0 });
    expect(read.analytics.rule_hits.map((hit) => hit.sessions)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(read.sessions.map((s) => s.status).sort()).toEqual(["active", "active", "active", "completed"]);
    expect(new Date(read.updated_at).getTime()).toBe(t.clock.now().getTime());

    // A session found suspicious is still a voter in the election: still counted as active.
    const [under] = read.sessions.filter((s) => s.status === "active");
    await t.database.db
      .update(votingSessions)
      .set({ status: "suspicious" })
      .where(eq(votingSessions.id, under?.id ?? ""));
    expect((await overview(t, admin.cookie, admin.organizationId)).stats.active_sessions).toBe(3);
  });
});

describe("the sessions list", () => {
  it("names each session's election and start, lists the elections, and filters by one", async () => {
    const { admin, voters, election } = await monitoredElection(t);
    const [a] = voters;
    if (!a) throw new Error("no voters");
    await recordFrom(t, a.cookie, election.id, sessionBody());
    const base = electionChannel(t.clock);
    const other = (
      await call(t.app, admin.cookie).post("/api/channels", { ...base, name: "second-ballot" })
    ).json().channel;
    const second = await electionOfChannel(t.app, admin.cookie, other.id);

    const all: MonitoringOverview = await overview(t, admin.cookie, admin.organizationId);
    expect(all.elections.map((e) => e.id).sort()).toEqual([election.id, second.id].sort());
    expect(all.election_id).toBeNull();
    expect(all.sessions).toHaveLength(1);
    expect(all.sessions[0]).toMatchObject({ election_id: election.id, election_title: election.title });
    expect(all.sessions[0]?.created_at).toBe(t.clock.now().toISOString());

    const url = (id: string) => `/api/organizations/${admin.organizationId}/monitoring?election_id=${id}`;
    const one = (await call(t.app, admin.cookie).get(url(election.id))).json();
    expect(one.election_id).toBe(election.id);
    expect(one.sessions).toHaveLength(1);
    const none = (await call(t.app, admin.cookie).get(url(second.id))).json();
    expect(none.sessions).toEqual([]);
    expect((await call(t.app, admin.cookie).get(url("not-an-id"))).statusCode).toBe(400);
  });
});

describe("investigate", () => {
  it("shows the session, its alerts and the voter's history in this organization", async () => {
    const { admin, second, session, election } = await sharedDevice();
    await call(t.app, second.cookie).post(`/api/elections/${election.id}/verification`, {
      method: "national_id",
      id_number: "WRONG-NUMBER",
    });
    const response = await call(t.app, admin.cookie).get(`/api/monitoring/sessions/${session.id}`);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.session).toMatchObject({
      id: session.id,
      full_name: second.user.fullName,
      email: second.user.email,
    });
    expect(view.alerts.map((a: SecurityAlert) => a.rule)).toEqual(["shared_device"]);
    expect(view.history.map((s: MonitoredSession) => s.id)).toEqual([session.id]);
    expect(view.verification_attempts).toHaveLength(1);
    expect(view.verification_attempts[0]).toMatchObject({ method: "national_id", success: false });
  });
});

describe("recording a session", () => {
  it("validates what the browser sends and caps its sizes", async () => {
    const { voters, election } = await monitoredElection(t);
    const [voter] = voters;
    if (!voter) throw new Error("no voters");
    const bad = [
      { ...sessionBody(), device_hash: "not-hex" },
      { ...sessionBody(), extra: 1 },
      { ...sessionBody(), location: { latitude: 200, longitude: 0, accuracy: 1 } },
      { ...sessionBody(), device_info: { ...sessionBody().device_info, userAgent: "x".repeat(600) } },
      { ...sessionBody(), device_info: { ...sessionBody().device_info, secret: "y" } },
    ];
    for (const body of bad)
      expect((await recordFrom(t, voter.cookie, election.id, body)).statusCode).toBe(400);
    expect((await recordFrom(t, voter.cookie, election.id, sessionBody())).statusCode).toBe(201);
  });

  it("only while the election takes votes: an upcoming or closed election's page makes no session", async () => {
    const { admin, voters, election } = await monitoredElection(t, { open: false });
    const [voter] = voters;
    if (!voter) throw new Error("no voters");
    const sessions = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(votingSessions)
          .where(eq(votingSessions.electionId, election.id))
      )[0]?.n;
    const upcoming = await recordFrom(t, voter.cookie, election.id, sessionBody());
    expect(upcoming.statusCode).toBe(403);
    expect(upcoming.json().error.message).toBe(electionMessages.notOpen);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/open`);
    expect((await recordFrom(t, voter.cookie, election.id, sessionBody())).statusCode).toBe(201);
    await call(t.app, admin.cookie).post(`/api/elections/${election.id}/close`);
    expect((await recordFrom(t, voter.cookie, election.id, sessionBody())).statusCode).toBe(403);
    expect(await sessions()).toBe(1);
  });

  it("not for a voter who can no longer vote there: voted already, or the organization suspended", async () => {
    const { voters, election, president } = await monitoredElection(t);
    const [voted, other] = voters;
    if (!voted || !other) throw new Error("no voters");
    const sessionsOf = async (userId: string) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(votingSessions)
          .where(and(eq(votingSessions.electionId, election.id), eq(votingSessions.userId, userId)))
      )[0]?.n;
    expect((await recordFrom(t, voted.cookie, election.id, sessionBody())).statusCode).toBe(201);
    const cast = await call(t.app, voted.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: await grantFor(t.database.db, t.clock, voted.user.id, election.id),
      selections: [{ position_id: president.id, candidate_id: president.candidates[0].id }],
    });
    expect(cast.statusCode).toBe(201);
    // Back later from another device (another window size): reading, not a second active session.
    const later = await recordFrom(t, voted.cookie, election.id, sessionBody());
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({ recorded: false });
    expect(await sessionsOf(voted.user.id)).toBe(1);
    await t.database.db.execute(
      sql`update organizations set status = 'suspended' where id = ${election.organization_id}`,
    );
    expect((await recordFrom(t, other.cookie, election.id, sessionBody())).json()).toEqual({
      recorded: false,
    });
    expect(await sessionsOf(other.user.id)).toBe(0);
    await t.database.db.execute(
      sql`update organizations set status = 'active' where id = ${election.organization_id}`,
    );
    expect((await recordFrom(t, other.cookie, election.id, sessionBody())).statusCode).toBe(201);
  });

  it("takes the address from the request, and from X-Forwarded-For only behind a trusted proxy", async () => {
    for (const trustProxy of [false, 1] as const) {
      const app = await testApp({ config: { trustProxy } });
      try {
        const { admin, voters, election } = await monitoredElection(app);
        const [voter] = voters;
        if (!voter) throw new Error("no voters");
        await app.app.inject({
          method: "POST",
          url: `/api/elections/${election.id}/voting-sessions`,
          headers: { cookie: voter.cookie, "x-forwarded-for": "192.0.2.99" },
          payload: sessionBody(),
          remoteAddress: "10.0.0.5",
        });
        const read: MonitoringOverview = await overview(app, admin.cookie, admin.organizationId);
        expect(read.sessions[0]?.ip_address).toBe(trustProxy ? "192.0.2.99" : "10.0.0.5");
      } finally {
        await app.close();
      }
    }
  });
});
