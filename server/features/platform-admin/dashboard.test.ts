import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformAdminMessages, RECENT_ORGANIZATIONS } from "../../../contract/platform-admin";
import { organizations, securityAlerts, users, votingSessions } from "../../db/schema";
import { bulkVoters, electionChannel, electionOfChannel, grantFor } from "../../test/elections";
import { createMember, createOrganization, createVoter } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { signedInAdmin } from "./test-helpers";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await testApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** Figures are exact on a database of this file's own; the shared PostgreSQL one has other files' rows too. */
const ownDatabase = () => t.database.kind === "pglite";
const get = (url: string) => call(t.app, admin.cookie).get(url);

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** An organization whose election got one vote from each of two voters (one of them for two positions). */
async function organizationWithVotes() {
  const owner = await createOrganization(t.app);
  const voters = await bulkVoters(t.database.db, t.clock, owner.organizationId, 2);
  const channel = (await call(t.app, owner.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  let election = await electionOfChannel(t.app, owner.cookie, channel.id);
  election = (await call(t.app, owner.cookie).post(`/api/elections/${election.id}/open`)).json();
  const [president, senator] = election.positions;
  for (const [index, voter] of voters.entries()) {
    const selections = [{ position_id: president.id, candidate_id: president.candidates[0].id }];
    if (index === 0) selections.push({ position_id: senator.id, candidate_id: senator.candidates[1].id });
    const grant = await grantFor(t.database.db, t.clock, voter.user.id, election.id);
    const cast = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
      grant_id: grant,
      selections,
    });
    expect(cast.statusCode).toBe(201);
  }
  // Closed, so every vote counts (while voting is open only those a seal disclosed do).
  await call(t.app, owner.cookie).post(`/api/elections/${election.id}/close`);
  return { owner, voters, election };
}

describe("the overview", () => {
  it("counts organizations, active ones, members and votes from the rows, and lists the five newest", async () => {
    await organizationWithVotes();
    const suspended = await createOrganization(t.app);
    await call(t.app, admin.cookie).put(`/api/admin/organizations/${suspended.organizationId}/status`, {
      status: "suspended",
    });
    const response = await get("/api/admin/overview");
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    const expected = {
      total_organizations: await scalar(sql`select count(*)::int as n from organizations`),
      active_organizations: await scalar(
        sql`select count(*)::int as n from organizations where status = 'active'`,
      ),
      total_members: await scalar(sql`select count(*)::int as n from users`),
      total_votes: await scalar(
        sql`select count(*)::int as n from (select distinct election_id, user_id from participations) v`,
      ),
    };
    if (ownDatabase()) {
      expect(overview).toMatchObject(expected);
      // Two voters voted (one of them for two positions): two votes, not three.
      expect(overview.total_votes).toBe(2);
      expect(overview.active_organizations).toBe(overview.total_organizations - 1);
      const newest = await t.database.db
        .select({ id: organizations.id })
        .from(organizations)
        .orderBy(sql`${organizations.createdAt} desc, ${organizations.id} desc`)
        .limit(RECENT_ORGANIZATIONS);
      expect(overview.recent_organizations.map((o: { id: string }) => o.id)).toEqual(newest.map((o) => o.id));
      // Nothing random: asked again, the same figures (on a database shared with other files running at
      // the same time, their rows may come in between).
      expect((await get("/api/admin/overview")).json()).toEqual(overview);
    }
    expect(overview.recent_organizations.length).toBeLessThanOrEqual(RECENT_ORGANIZATIONS);
  });
});

describe("no admin answer", () => {
  it("names a voter together with a choice (nor any candidate at all)", async () => {
    const { election } = await organizationWithVotes();
    const candidates = election.positions.flatMap((p: { candidates: unknown[] }) => p.candidates) as Array<{
      id: string;
    }>;
    const gets = t.app.apiRoutes.filter((r) => r.access === "admin" && r.method === "GET");
    for (const route of gets) {
      const body = (await get(route.url)).body;
      expect(body, route.url).not.toMatch(/candidate/i);
      for (const candidate of candidates) expect(body, route.url).not.toContain(candidate.id);
    }
  });
});

describe("the organizations tab", () => {
  it("lists every organization with its owner, counted members and status, filtered by status and term", async () => {
    const owner = await createOrganization(t.app, {
      full_name: "Owner Person",
      organization: "Filterable Union",
    });
    await createMember(t.app, owner.organizationId);
    const list = (await get("/api/admin/organizations?q=Filterable")).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: owner.organizationId,
      name: "Filterable Union",
      description: "",
      owner_name: "Owner Person",
      owner_email: owner.input.email,
      member_count: 2,
      status: "active",
    });
    const byOwner = (await get(`/api/admin/organizations?q=${encodeURIComponent(owner.input.email)}`)).json();
    expect(byOwner.items.map((o: { id: string }) => o.id)).toEqual([owner.organizationId]);

    await call(t.app, admin.cookie).put(`/api/admin/organizations/${owner.organizationId}/status`, {
      status: "suspended",
    });
    const suspended = (await get("/api/admin/organizations?status=suspended")).json();
    expect(suspended.items.map((o: { id: string }) => o.id)).toContain(owner.organizationId);
    expect(suspended.items.every((o: { status: string }) => o.status === "suspended")).toBe(true);
    const active = (await get("/api/admin/organizations?status=active")).json();
    expect(active.items.map((o: { id: string }) => o.id)).not.toContain(owner.organizationId);
    const all = (await get("/api/admin/organizations?status=all&limit=200")).json();
    if (ownDatabase())
      expect(all.total).toBe(await scalar(sql`select count(*)::int as n from organizations`));
    const bad = await get("/api/admin/organizations?status=deleted");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(platformAdminMessages.statusFilterInvalid);
  });

  it("sorts by the column asked for, either way, on the server (a page is the whole list's order), and refuses any other", async () => {
    // A word of this run's own: the shared PostgreSQL database keeps earlier runs' rows.
    const tag = `Sortable${Date.now().toString(36)}`;
    const names = [`${tag} Gamma 10`, `${tag} alpha`, `${tag} Gamma 2`];
    const made = [];
    for (const name of names) made.push(await createOrganization(t.app, { organization: name }));
    // Members: alpha 1, Gamma 10 3, Gamma 2 2.
    await createMember(t.app, made[0]?.organizationId ?? "");
    await createMember(t.app, made[0]?.organizationId ?? "");
    await createMember(t.app, made[2]?.organizationId ?? "");
    const order = async (query: string) =>
      ((await get(`/api/admin/organizations?q=${tag}&${query}`)).json().items as Array<{ name: string }>).map(
        (o) => o.name,
      );
    // Newest first unless told otherwise.
    expect(await order("")).toEqual([...names].reverse());
    expect(await order("sort=created&order=desc")).toEqual([...names].reverse());
    expect(await order("sort=created&order=asc")).toEqual(names);
    // Words without their case.
    expect(await order("sort=name&order=asc")).toEqual([`${tag} alpha`, `${tag} Gamma 10`, `${tag} Gamma 2`]);
    expect(await order("sort=name&order=desc")).toEqual([
      `${tag} Gamma 2`,
      `${tag} Gamma 10`,
      `${tag} alpha`,
    ]);
    expect(await order("sort=members&order=desc")).toEqual([
      `${tag} Gamma 10`,
      `${tag} Gamma 2`,
      `${tag} alpha`,
    ]);
    // The same order from page to page: the second page goes on where the first stopped.
    const first = (await get(`/api/admin/organizations?q=${tag}&sort=members&order=asc&limit=2`)).json();
    const second = (
      await get(`/api/admin/organizations?q=${tag}&sort=members&order=asc&limit=2&offset=2`)
    ).json();
    expect([...first.items, ...second.items].map((o: { name: string }) => o.name)).toEqual([
      `${tag} alpha`,
      `${tag} Gamma 2`,
      `${tag} Gamma 10`,
    ]);
    expect(first.total).toBe(3);

    const unknown = await get("/api/admin/organizations?sort=password_hash");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(platformAdminMessages.organizationSortInvalid);
    const badOrder = await get("/api/admin/organizations?sort=name&order=sideways");
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().error.message).toBe(platformAdminMessages.orderInvalid);
  });

  it("shows 'Unknown' (null) for an owner whose name is missing", async () => {
    const owner = await createOrganization(t.app, { organization: "Nameless Owner Club" });
    await t.database.db.update(users).set({ fullName: "" }).where(sql`${users.id} = ${owner.id}`);
    const list = (await get("/api/admin/organizations?q=Nameless%20Owner")).json();
    expect(list.items[0].owner_name).toBeNull();
  });

  it("sets active or suspended from any status, records it, and refuses inactive", async () => {
    const owner = await createOrganization(t.app, { organization: "Status Union" });
    await t.database.db
      .update(organizations)
      .set({ status: "inactive" })
      .where(sql`${organizations.id} = ${owner.organizationId}`);
    const url = `/api/admin/organizations/${owner.organizationId}/status`;
    const notSettable = await call(t.app, admin.cookie).put(url, { status: "inactive" });
    expect(notSettable.statusCode).toBe(400);
    expect(notSettable.json().error.message).toBe(platformAdminMessages.statusInvalid);
    const suspended = await call(t.app, admin.cookie).put(url, { status: "suspended" });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().organization).toMatchObject({ id: owner.organizationId, status: "suspended" });
    const activated = await call(t.app, admin.cookie).put(url, { status: "active" });
    expect(activated.json().organization.status).toBe("active");
    const missing = await call(t.app, admin.cookie).put(
      "/api/admin/organizations/00000000-0000-4000-8000-000000000000/status",
      { status: "suspended" },
    );
    expect(missing.statusCode).toBe(404);

    const actions = (await get("/api/admin/actions?limit=200")).json().items as Array<{
      action: string;
      target_id: string;
      target_name: string;
      admin_username: string;
      detail: { from: string; to: string };
    }>;
    const mine = actions.filter((a) => a.target_id === owner.organizationId);
    expect(mine.map((a) => [a.action, a.detail.from, a.detail.to]).sort()).toEqual(
      [
        ["organization.activated", "suspended", "active"],
        ["organization.suspended", "inactive", "suspended"],
      ].sort(),
    );
    expect(
      mine.every((a) => a.target_name === "Status Union" && a.admin_username === admin.input.username),
    ).toBe(true);
  });
});

describe("the members tab", () => {
  it("lists accounts newest first with role and current organization, or none", async () => {
    const owner = await createOrganization(t.app, { organization: "Members Tab Union" });
    const member = await createMember(t.app, owner.organizationId, { full_name: "Listed Member" });
    const loner = await createVoter(t.app, { full_name: "Lone Voter" });
    const found = (await get(`/api/admin/members?q=${encodeURIComponent(member.input.email)}`)).json();
    expect(found.items).toEqual([
      expect.objectContaining({
        id: member.id,
        full_name: "Listed Member",
        email: member.input.email,
        role: "voter",
        organization_id: owner.organizationId,
        organization_name: "Members Tab Union",
      }),
    ]);
    const alone = (await get(`/api/admin/members?q=${encodeURIComponent(loner.input.email)}`)).json();
    expect(alone.items[0]).toMatchObject({ organization_id: null, organization_name: null });
    const byOrganization = (await get("/api/admin/members?q=Members%20Tab%20Union")).json();
    expect(byOrganization.items.map((m: { role: string }) => m.role).sort()).toEqual([
      "organization",
      "voter",
    ]);
    const page = (await get("/api/admin/members?limit=2")).json();
    expect(page.items).toHaveLength(2);
    if (ownDatabase()) expect(page.total).toBe(await scalar(sql`select count(*)::int as n from users`));
    // No member answer carries a password hash or an ID hash.
    expect(JSON.stringify(page)).not.toMatch(/\$argon2|password|voter_id_hash/);
  });
  it("sorts by name, e-mail, role, organization or joined, nothing last either way, and refuses any other", async () => {
    const owner = await createOrganization(t.app, {
      full_name: "Zed Sorted Owner",
      organization: "Sorted Members Co",
    });
    const member = await createMember(t.app, owner.organizationId, { full_name: "amy Sorted" });
    const loner = await createVoter(t.app, { full_name: "Bo Sorted" });
    const ids = async (query: string) =>
      ((await get(`/api/admin/members?q=Sorted&${query}`)).json().items as Array<{ id: string }>)
        .map((m) => m.id)
        .filter((id) => [owner.id, member.id, loner.id].includes(id));
    expect(await ids("")).toEqual([loner.id, member.id, owner.id]);
    expect(await ids("sort=name&order=asc")).toEqual([member.id, loner.id, owner.id]);
    expect(await ids("sort=name&order=desc")).toEqual([owner.id, loner.id, member.id]);
    expect(await ids("sort=joined&order=asc")).toEqual([owner.id, member.id, loner.id]);
    // No organization stays last, whichever the direction.
    expect((await ids("sort=organization&order=asc")).at(-1)).toBe(loner.id);
    expect((await ids("sort=organization&order=desc")).at(-1)).toBe(loner.id);
    // Organization (the owner) before voter, and back.
    expect((await ids("sort=role&order=asc"))[0]).toBe(owner.id);
    expect((await ids("sort=role&order=desc")).at(-1)).toBe(owner.id);

    const unknown = await get("/api/admin/members?sort=created_at");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(platformAdminMessages.memberSortInvalid);
  });
});

describe("the monitoring tab", () => {
  it("counts live voting sessions (a suspicious one too), flagged ones and open alerts from the rows, and measures health", async () => {
    const { owner, voters } = await organizationWithVotes();
    const [first, second] = voters;
    if (!first || !second) throw new Error("no voters");
    const before = (await get("/api/admin/monitoring")).json();
    const sessions = await t.database.db
      .insert(votingSessions)
      .values([
        { userId: first.user.id, organizationId: owner.organizationId, status: "active" },
        { userId: second.user.id, organizationId: owner.organizationId, status: "suspicious" },
        { userId: second.user.id, organizationId: owner.organizationId, status: "blocked" },
      ])
      .returning();
    await t.database.db.insert(securityAlerts).values([
      {
        organizationId: owner.organizationId,
        sessionId: sessions[2]?.id,
        userId: second.user.id,
        type: "device_anomaly",
        severity: "high",
        rule: "shared_device",
        description: "One device used by several voters",
        // The newest, even beside other test files' alerts in a shared database.
        createdAt: new Date(Date.now() + 60 * 60 * 1000),
      },
      {
        organizationId: owner.organizationId,
        sessionId: sessions[1]?.id,
        userId: second.user.id,
        type: "suspicious_location",
        severity: "low",
        rule: "impossible_travel",
        description: "Resolved long ago",
        resolvedAt: t.clock.now(),
      },
    ]);
    const monitoring = (await get("/api/admin/monitoring")).json();
    if (ownDatabase()) {
      expect(monitoring.active_sessions - before.active_sessions).toBe(2);
      expect(monitoring.flagged_sessions - before.flagged_sessions).toBe(2);
      expect(monitoring.unresolved_alerts - before.unresolved_alerts).toBe(1);
      expect(monitoring.active_sessions).toBe(
        await scalar(
          sql`select count(*)::int as n from voting_sessions where status in ('active', 'suspicious')`,
        ),
      );
      expect(monitoring.unresolved_alerts).toBe(
        await scalar(sql`select count(*)::int as n from security_alerts where resolved_at is null`),
      );
    }
    expect(monitoring.health.database).toBe("reachable");
    expect(typeof monitoring.health.database_latency_ms).toBe("number");
    // Other files' servers come and go on a shared database.
    if (ownDatabase())
      expect(monitoring.health.live_processes).toBe(
        await scalar(
          sql`select count(*)::int as n from server_processes where seen_at > now() - interval '30 seconds'`,
        ),
      );
    const alert = monitoring.recent_alerts.find((a: { description: string }) =>
      a.description.startsWith("One device"),
    );
    expect(alert).toMatchObject({ severity: "high", resolved: false, organization_id: owner.organizationId });
  });

  it("searches every security event, not the newest on screen: description, organization, type's words, severity", async () => {
    const owner = await createOrganization(t.app);
    const [voter] = await bulkVoters(t.database.db, t.clock, owner.organizationId, 1);
    if (!voter) throw new Error("no voters");
    const marker = `far-back-${owner.organizationId.slice(0, 8)}`;
    // Older than any newest ten, on any database.
    await t.database.db.insert(securityAlerts).values({
      organizationId: owner.organizationId,
      userId: voter.user.id,
      type: "duplicate_identity",
      severity: "critical",
      rule: "duplicate_identity",
      description: `Held join ${marker}`,
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    const search = async (q: string) =>
      (await get(`/api/admin/monitoring?q=${encodeURIComponent(q)}`)).json().recent_alerts as Array<{
        description: string;
        organization_id: string;
      }>;
    expect((await search(marker)).map((a) => a.description)).toEqual([`Held join ${marker}`]);
    const ours = (found: Array<{ organization_id: string }>) =>
      found.filter((a) => a.organization_id === owner.organizationId);
    expect(ours(await search(owner.input.organization))).toHaveLength(1);
    expect(ours(await search("Duplicate ident"))).toHaveLength(1);
    expect(ours(await search("critic"))).toHaveLength(1);
    expect(ours(await search("Device anomaly"))).toHaveLength(0);
    // LIKE's wildcards are the admin's text, not patterns.
    expect(await search("%_%")).toEqual([]);
    expect((await get(`/api/admin/monitoring?q=${"x".repeat(101)}`)).statusCode).toBe(400);
  });
});

describe("the audit log", () => {
  it("lists sign-ins and actions newest first, with who did them", async () => {
    const log = (await get("/api/admin/actions")).json();
    expect(log.items.length).toBeGreaterThan(0);
    expect(log.items.some((a: { action: string }) => a.action === "session.signed_in")).toBe(true);
    const times = log.items.map((a: { created_at: string }) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("is searched through whole, by the action's words, the admin and the address, a page at a time", async () => {
    const wrong = { username: admin.input.username, password: "not the password at all" };
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: "POST", url: "/api/admin/session", payload: wrong });
    const all = (await get("/api/admin/actions?q=failed&limit=200")).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items.every((a: { action: string }) => a.action === "session.sign_in_failed")).toBe(true);
    // One at a time: the total is the whole log's, not the page's.
    const first = (await get("/api/admin/actions?q=FAILED&limit=1")).json();
    expect(first).toMatchObject({ total: all.total, limit: 1 });
    expect(first.items).toHaveLength(1);
    // (The test database is shared: other files' admins are in the log too.)
    const byAdmin = (await get(`/api/admin/actions?q=${admin.input.username}&limit=200`)).json();
    const ours = byAdmin.items.filter(
      (a: { action: string; detail: { username?: string } }) =>
        a.action === "session.sign_in_failed" && a.detail.username === admin.input.username,
    );
    expect(ours).toHaveLength(3);
    // Wildcards are matched as themselves.
    expect((await get("/api/admin/actions?q=%25")).json().total).toBe(0);
  });
});
