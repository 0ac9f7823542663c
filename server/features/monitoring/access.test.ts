import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MonitoringOverview, SecurityAlert } from "../../../contract/monitoring";
import { users } from "../../db/schema";
import { grantFor } from "../../test/elections";
import { createMember, createOrganization, joinApproved } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { mayWatch } from "../organizations/policy";
import { deviceHash, monitoredElection, overview, recordFrom, sessionBody } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** An organization whose election has a risky session (two voters, one device), an alert and a cast vote. */
async function watchedOrganization() {
  const setup = await monitoredElection(t);
  const [first, second] = setup.voters;
  if (!first || !second) throw new Error("no voters");
  const device = deviceHash();
  await recordFrom(t, first.cookie, setup.election.id, sessionBody({ device_hash: device }));
  const driven = sessionBody({ device_hash: device });
  await recordFrom(t, second.cookie, setup.election.id, {
    ...driven,
    device_info: { ...driven.device_info, webdriver: true },
  });
  const voted = await call(t.app, first.cookie).post(`/api/elections/${setup.election.id}/ballots`, {
    grant_id: await grantFor(t.database.db, t.clock, first.user.id, setup.election.id),
    selections: [
      { position_id: setup.president.id, candidate_id: setup.president.candidates[0].id },
      { position_id: setup.senator.id, candidate_id: setup.senator.candidates[1].id },
    ],
  });
  if (voted.statusCode !== 201) throw new Error(`vote failed: ${voted.body}`);
  const read: MonitoringOverview = await overview(t, setup.admin.cookie, setup.admin.organizationId);
  const risky = read.sessions.find((s) => s.user_id === second.user.id);
  const alert = read.alerts[0] as SecurityAlert;
  if (!risky || !alert) throw new Error("no risky session");
  return { ...setup, first, second, read, risky, alert, receipt: voted.json().receipt as string };
}

/** Every monitoring route of the organization's administrators, for one organization's objects. */
function platformAdminRoutes(w: Awaited<ReturnType<typeof watchedOrganization>>) {
  return [
    { method: "GET", url: `/api/organizations/${w.admin.organizationId}/monitoring` },
    { method: "GET", url: `/api/monitoring/sessions/${w.risky.id}` },
    { method: "POST", url: `/api/monitoring/alerts/${w.alert.id}/resolve` },
    { method: "POST", url: `/api/monitoring/sessions/${w.risky.id}/block` },
    { method: "POST", url: `/api/monitoring/sessions/${w.risky.id}/unblock` },
  ] as const;
}

describe("monitoring must be denied", () => {
  it("to anonymous callers, voters (members included) and administrators of another organization, on every route", async () => {
    const w = await watchedOrganization();
    const stranger = await createOrganization(t.app);
    const member = w.first;
    const send = (route: { method: string; url: string }, cookie?: string) =>
      t.app.inject({
        method: route.method as "GET",
        url: route.url,
        headers: cookie ? { cookie } : {},
      });
    for (const route of platformAdminRoutes(w)) {
      const label = `${route.method} ${route.url}`;
      expect((await send(route)).statusCode, label).toBe(401);
      expect((await send(route, member.cookie)).statusCode, label).toBe(403);
      const outsider = await send(route, stranger.cookie);
      expect([403, 404], label).toContain(outsider.statusCode);
    }
    // Nothing changed: the alert is unresolved, the session not blocked.
    const after: MonitoringOverview = await overview(t, w.admin.cookie, w.admin.organizationId);
    expect(after.alerts.find((a) => a.id === w.alert.id)?.resolved).toBe(false);
    expect(after.sessions.find((s) => s.id === w.risky.id)?.status).not.toBe("blocked");

    // Recording: voters of this organization only.
    const record = `/api/elections/${w.election.id}/voting-sessions`;
    expect((await t.app.inject({ method: "POST", url: record, payload: sessionBody() })).statusCode).toBe(
      401,
    );
    expect((await recordFrom(t, w.admin.cookie, w.election.id, sessionBody())).statusCode).toBe(403);
    const otherVoter = await createMember(t.app, stranger.organizationId);
    expect((await recordFrom(t, otherVoter.cookie, w.election.id, sessionBody())).statusCode).toBe(404);
  });

  it("never shows one organization's sessions or alerts to another, even for a voter of both", async () => {
    const a = await watchedOrganization();
    const b = await monitoredElection(t);
    // A voter of both organizations opens both elections.
    const [both] = a.voters.slice(2);
    if (!both) throw new Error("no voter");
    await joinApproved(t.app, both.cookie, b.admin.organizationId, b.admin.cookie);
    await recordFrom(t, both.cookie, a.election.id, sessionBody());
    await recordFrom(t, both.cookie, b.election.id, sessionBody());

    const seenByB: MonitoringOverview = await overview(t, b.admin.cookie, b.admin.organizationId);
    expect(seenByB.sessions.map((s) => s.election_id)).toEqual([b.election.id]);
    expect(seenByB.alerts).toEqual([]);
    expect(seenByB.stats.total_monitored).toBe(1);
    const aIds = new Set(a.read.sessions.map((s) => s.id));
    expect(seenByB.sessions.some((s) => aIds.has(s.id))).toBe(false);

    // B's investigation of its own session lists only B's history of that voter.
    const mine = seenByB.sessions[0];
    const view = (await call(t.app, b.admin.cookie).get(`/api/monitoring/sessions/${mine?.id}`)).json();
    expect(view.history.map((s: { election_id: string }) => s.election_id)).toEqual([b.election.id]);
    // A's sessions cannot be opened by B's administrator.
    expect((await call(t.app, b.admin.cookie).get(`/api/monitoring/sessions/${a.risky.id}`)).statusCode).toBe(
      404,
    );
    // A's figures are unchanged by B's activity.
    expect(
      (await call(t.app, b.admin.cookie).get(`/api/organizations/${a.admin.organizationId}/monitoring`))
        .statusCode,
    ).toBe(404);
  });
});

/** Field names that would carry a choice. */
const BALLOT_FIELDS = /candidate|ballot|choice|receipt|vote_count|selection/i;

function walk(value: unknown, path: string, found: string[]): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`, found);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (BALLOT_FIELDS.test(key)) found.push(`${path}.${key}`);
      walk(inner, `${path}.${key}`, found);
    }
  }
}

describe("no monitoring answer returns a voter together with a choice", () => {
  it("walks every monitoring response: no ballot field, no candidate's id or name, no receipt", async () => {
    const w = await watchedOrganization();
    const candidateIds = [...w.president.candidates, ...w.senator.candidates].map(
      (c: { id: string }) => c.id,
    );
    const responses = [
      await recordFrom(t, w.first.cookie, w.election.id, sessionBody()),
      ...(await Promise.all(
        w.read.sessions.map((s) => call(t.app, w.admin.cookie).get(`/api/monitoring/sessions/${s.id}`)),
      )),
      await call(t.app, w.admin.cookie).post(`/api/monitoring/sessions/${w.risky.id}/block`),
      await call(t.app, w.admin.cookie).post(`/api/monitoring/sessions/${w.risky.id}/unblock`),
      await call(t.app, w.admin.cookie).post(`/api/monitoring/alerts/${w.alert.id}/resolve`),
      await call(t.app, w.admin.cookie).get(`/api/organizations/${w.admin.organizationId}/monitoring`),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(300);
      const found: string[] = [];
      walk(response.json(), "$", found);
      expect(found, response.body).toEqual([]);
      expect(response.body).not.toContain(`-cand-${w.tag}`);
      expect(response.body).not.toContain(w.receipt);
      for (const id of candidateIds) expect(response.body).not.toContain(id);
    }
  });
});

describe("the administrators' topic", () => {
  it("is watched by the organization's administrators only, never by its members or other admins", async () => {
    const owner = await createOrganization(t.app);
    const member = await createMember(t.app, owner.organizationId);
    const stranger = await createOrganization(t.app);
    const userOf = async (id: string) => {
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error("no user");
      return row;
    };
    const topic = `admins:${owner.organizationId}` as const;
    expect(await mayWatch(t.database.db, await userOf(owner.id), topic)).toBe(true);
    expect(await mayWatch(t.database.db, await userOf(member.id), topic)).toBe(false);
    expect(await mayWatch(t.database.db, await userOf(stranger.id), topic)).toBe(false);
  });
});
