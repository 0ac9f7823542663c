import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { electionServerMessages } from "../../../contract/elections";
import { messages } from "../../../contract/messages";
import type { BusMessage } from "../../realtime/bus";
import { bulkVoters, electionChannel, electionOfChannel } from "../../test/elections";
import { createMember, createOrganization, signIn } from "../../test/factories";
import { call } from "../../test/http";
import { planOf, rolledBack } from "../../test/plan";
import { type TestApp, testApp } from "../../test/support";
import { applySchedule, dueElections } from "./lifecycle";

let t: TestApp;
const heard: BusMessage[] = [];
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
  t.app.context.bus.onMessage((message) => heard.push(message));
});
afterAll(() => t.close());

async function upcoming() {
  const admin = await createOrganization(t.app);
  await bulkVoters(t.database.db, t.clock, admin.organizationId, 3);
  const channel = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json()
    .channel;
  const election = await electionOfChannel(t.app, admin.cookie, channel.id);
  return { admin, election };
}

describe("the schedule", () => {
  it("opens an election at its start and closes it at its end, by the injected clock, fixing the roll when it opens", async () => {
    const { admin, election } = await upcoming();
    expect(election).toMatchObject({ status: "upcoming", total_voters: 3, votes_cast: 0 });
    await applySchedule(t.database.db, t.clock, t.app.context.publicOrigin);
    expect((await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().status).toBe(
      "upcoming",
    );

    t.clock.set(new Date(election.starts_at));
    const opened = await applySchedule(t.database.db, t.clock, t.app.context.publicOrigin);
    expect(opened.map((row) => row.id)).toContain(election.id);
    // A day passed: the admin's idle session ended, so they sign in again.
    admin.cookie = await signIn(t.app, admin.input.email, admin.input.password);
    const active = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json();
    expect(active).toMatchObject({ status: "active", total_voters: 3 });
    // The roll is fixed: a member who joins now does not change it.
    await createMember(t.app, admin.organizationId, {}, admin.cookie);
    expect((await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().total_voters).toBe(
      3,
    );

    t.clock.set(new Date(election.ends_at));
    await applySchedule(t.database.db, t.clock, t.app.context.publicOrigin);
    admin.cookie = await signIn(t.app, admin.input.email, admin.input.password);
    expect((await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().status).toBe(
      "completed",
    );
    t.clock.set(new Date());
  });

  it("reads dates and hours in the organization's time zone, and moves them when the zone changes", async () => {
    const { admin, election } = await upcoming();
    expect(election.time_zone).toBe("UTC");
    expect(election.starts_at).toBe(`${election.start_date}T08:00:00.000Z`);
    expect(election.ends_at).toBe(`${election.end_date}T18:00:00.000Z`);
    const bad = await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}`, {
      timezone: "Mars/Olympus",
    });
    expect(bad.statusCode).toBe(400);
    // An open election: its voters were told when it closes.
    const other = (await call(t.app, admin.cookie).post("/api/channels", electionChannel(t.clock))).json();
    const open = await electionOfChannel(t.app, admin.cookie, other.channel.id);
    const opened = (await call(t.app, admin.cookie).post(`/api/elections/${open.id}/open`)).json();
    await call(t.app, admin.cookie).patch(`/api/organizations/${admin.organizationId}`, {
      timezone: "Africa/Lagos",
    });
    const moved = (await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json();
    expect(moved.time_zone).toBe("Africa/Lagos");
    expect(moved.starts_at).toBe(`${election.start_date}T07:00:00.000Z`);
    expect(moved.ends_at).toBe(`${election.end_date}T17:00:00.000Z`);
    // The open one keeps its moments, its hours written as Lagos shows them (an hour ahead of UTC).
    const kept = (await call(t.app, admin.cookie).get(`/api/elections/${open.id}`)).json();
    expect(kept).toMatchObject({ status: "active", starts_at: opened.starts_at, ends_at: opened.ends_at });
    expect(kept).toMatchObject({ end_date: opened.end_date, end_time: "19:00" });
  });
});

describe("the schedule's look, every second", () => {
  it("reads the elections not over, not the history of every election", async () => {
    const admin = await createOrganization(t.app);
    const plans = await rolledBack(t.database.db, async (db) => {
      await db.execute(sql`insert into elections (organization_id, title, start_date, end_date, starts_at, ends_at, status)
        select ${admin.organizationId}::uuid, 'Over', '2025-01-01', '2025-01-02', now() - interval '400 days',
          now() - interval '399 days', 'completed' from generate_series(1, 3000)`);
      await db.execute(sql`analyze elections`);
      return [
        await planOf(db, dueElections(db, "upcoming", t.clock.now())),
        await planOf(db, dueElections(db, "active", t.clock.now())),
      ];
    });
    for (const plan of plans) expect(plan).toContain("elections_scheduled_idx");
  });
});

describe("the admin", () => {
  it("opens early, extends, closes early; each change is announced as election.updated", async () => {
    const { admin, election } = await upcoming();
    const as = call(t.app, admin.cookie);
    const opened = await as.post(`/api/elections/${election.id}/open`);
    expect(opened.json().status).toBe("active");
    expect(
      heard.some((m) => m.event === "election.updated" && m.topic === `org:${admin.organizationId}`),
    ).toBe(true);
    expect((await as.post(`/api/elections/${election.id}/open`)).json().error.message).toBe(
      electionServerMessages.cannotOpen,
    );

    const sooner = await as.post(`/api/elections/${election.id}/extend`, {
      end_date: election.start_date,
      end_time: "09:00",
    });
    expect(sooner.json().error.message).toBe(electionServerMessages.cannotExtend);
    const later = await as.post(`/api/elections/${election.id}/extend`, {
      end_date: "2099-01-01",
      end_time: "12:00",
    });
    expect(later.json()).toMatchObject({
      end_date: "2099-01-01",
      end_time: "12:00",
      ends_at: "2099-01-01T12:00:00.000Z",
    });

    const closed = await as.post(`/api/elections/${election.id}/close`);
    expect(closed.json().status).toBe("completed");
    expect((await as.post(`/api/elections/${election.id}/cancel`)).json().error.message).toBe(
      electionServerMessages.cannotCancel,
    );
  });

  it("edits the ballot until voting opens, then it is frozen", async () => {
    const { admin, election } = await upcoming();
    const as = call(t.app, admin.cookie);
    const definition = {
      voting_settings: {
        startDate: election.start_date,
        endDate: election.end_date,
        startTime: "09:30",
        endTime: "17:00",
        candidates: [
          { name: "Eve", party: "Red", position: "governor", image: "https://img.example/eve.png" },
        ],
      },
    };
    const edited = await as.put(`/api/elections/${election.id}/definition`, definition);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().positions.map((p: { title: string }) => p.title)).toEqual(["Governor"]);
    expect(edited.json().start_time).toBe("09:30");
    await as.post(`/api/elections/${election.id}/open`);
    const frozen = await as.put(`/api/elections/${election.id}/definition`, definition);
    expect(frozen.statusCode).toBe(400);
    expect(frozen.json().error.message).toBe(electionServerMessages.definitionFrozen);
  });

  it("refuses dates that do not exist, in channel creation, the ballot's definition and an extension", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    for (const [startDate, endDate] of [
      ["2099-12-30", "2099-12-32"],
      ["2099-04-31", "2099-05-02"],
      ["2099-02-27", "2099-02-29"],
      ["2099-13-01", "2099-13-02"],
    ]) {
      const channel = electionChannel(t.clock);
      const refused = await as.post("/api/channels", {
        ...channel,
        voting_settings: { ...channel.voting_settings, startDate, endDate },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(messages.invalidDate);
    }
    const leap = electionChannel(t.clock);
    const accepted = await as.post("/api/channels", {
      ...leap,
      voting_settings: { ...leap.voting_settings, startDate: "2096-02-28", endDate: "2096-02-29" },
    });
    expect(accepted.statusCode).toBe(201);

    const { admin: owner, election } = await upcoming();
    const by = call(t.app, owner.cookie);
    const definition = await by.put(`/api/elections/${election.id}/definition`, {
      voting_settings: {
        startDate: election.start_date,
        endDate: "2099-06-31",
        candidates: [{ name: "Eve", party: "Red", position: "governor", image: "https://img.example/e.png" }],
      },
    });
    expect(definition.json().error.message).toBe(messages.invalidDate);
    const extended = await by.post(`/api/elections/${election.id}/extend`, {
      end_date: "2099-12-32",
      end_time: "12:00",
    });
    expect(extended.statusCode).toBe(400);
    expect(extended.json().error.message).toBe(messages.invalidDate);
    const unchanged = (await by.get(`/api/elections/${election.id}`)).json();
    expect(unchanged.end_date).toBe(election.end_date);
  });

  it("refuses a voting period that starts in the past, in channel creation and the ballot's definition", async () => {
    const admin = await createOrganization(t.app);
    const as = call(t.app, admin.cookie);
    const now = t.clock.now();
    // The organization's zone is UTC: an hour ago, and the minute just begun.
    const at = (date: Date) => ({
      startDate: date.toISOString().slice(0, 10),
      startTime: date.toISOString().slice(11, 16),
      endDate: new Date(date.getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    const before = (await as.get(`/api/organizations/${admin.organizationId}/channels`)).json().channels;
    const channel = electionChannel(t.clock);
    const past = await as.post("/api/channels", {
      ...channel,
      voting_settings: { ...channel.voting_settings, ...at(new Date(now.getTime() - 3_600_000)) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(messages.votingStartPast);
    const after = (await as.get(`/api/organizations/${admin.organizationId}/channels`)).json().channels;
    expect(after).toHaveLength(before.length);
    const thisMinute = await as.post("/api/channels", {
      ...channel,
      voting_settings: { ...channel.voting_settings, ...at(now) },
    });
    expect(thisMinute.statusCode, thisMinute.body).toBe(201);

    const { admin: owner, election } = await upcoming();
    const by = call(t.app, owner.cookie);
    const pastDefinition = {
      voting_settings: {
        ...at(new Date(now.getTime() - 3_600_000)),
        candidates: [{ name: "Eve", party: "Red", position: "governor", image: "https://img.example/e.png" }],
      },
    };
    const edit = await by.put(`/api/elections/${election.id}/definition`, pastDefinition);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe(messages.votingStartPast);
    const unchanged = (await by.get(`/api/elections/${election.id}`)).json();
    expect(unchanged).toMatchObject({ status: "upcoming", start_date: election.start_date });

    // Once voting opened, an editor left open is told the ballot is frozen, whatever its dates.
    await by.post(`/api/elections/${election.id}/open`);
    const late = await by.put(`/api/elections/${election.id}/definition`, pastDefinition);
    expect(late.json().error.message).toBe(electionServerMessages.definitionFrozen);

    // A time zone 14 hours east would put an upcoming start (an hour from now in UTC) 13 hours back.
    const soon = await as.post("/api/channels", {
      ...channel,
      name: `soon-${Date.now() % 1e6}`,
      voting_settings: { ...channel.voting_settings, ...at(new Date(now.getTime() + 3_600_000)) },
    });
    expect(soon.statusCode, soon.body).toBe(201);
    const zone = await as.patch(`/api/organizations/${admin.organizationId}`, {
      timezone: "Pacific/Kiritimati",
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toBe(messages.timeZoneStartPast);
    const kept = (await as.get(`/api/channels/${soon.json().channel.id}/election`)).json();
    expect(kept).toMatchObject({ status: "upcoming", time_zone: "UTC" });
  });

  it("must be denied to voters and to admins of other organizations", async () => {
    const { admin, election } = await upcoming();
    const member = await createMember(t.app, admin.organizationId, {}, admin.cookie);
    const stranger = await createOrganization(t.app);
    for (const cookie of [member.cookie, stranger.cookie]) {
      for (const verb of ["open", "close", "cancel"]) {
        const response = await call(t.app, cookie).post(`/api/elections/${election.id}/${verb}`);
        expect([403, 404]).toContain(response.statusCode);
      }
      expect(
        (await call(t.app, cookie).patch(`/api/elections/${election.id}/options`, { results_hidden: true }))
          .statusCode,
      ).not.toBe(200);
    }
    expect((await call(t.app, admin.cookie).get(`/api/elections/${election.id}`)).json().status).toBe(
      "upcoming",
    );
  });
});
