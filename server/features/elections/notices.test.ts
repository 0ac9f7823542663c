import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_DELAY_MINUTES } from "../../../contract/election-notices";
import { directMessages, outbox } from "../../db/schema";
import { deliverDue, EXPIRED } from "../../lib/outbox/deliver";
import type { BusMessage } from "../../realtime/bus";
import {
  bulkVoters,
  electionChannel,
  electionOfChannel,
  electionWithVoters,
  grantFor,
} from "../../test/elections";
import { createOrganization, signIn } from "../../test/factories";
import { call } from "../../test/http";
import { type TestApp, testApp } from "../../test/support";
import { applySchedule } from "./lifecycle";
import { sendScheduledNotices } from "./scheduled-notices";
import { SEAL_MIN_VOTERS } from "./sealing";
import { sealAndAnnounce } from "./worker";

const lines: string[] = [];
let t: TestApp;
const heard: BusMessage[] = [];
beforeAll(async () => {
  t = await testApp({
    ownDatabase: true,
    logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
  });
  t.app.context.bus.onMessage((message) => heard.push(message));
});
afterAll(() => t.close());

const quiet = { debug: () => {}, error: () => {}, info: () => {}, warn: () => {} } as never;

/** A mail server that takes every letter. */
const sink = { name: "test", send: async (_message: { to: string; subject: string }) => ({}) };

/** The outbox worker sends every letter waiting, batch after batch, all of it due by now. */
async function deliverAll(transport = sink) {
  if (t.clock.now().getTime() < Date.now() + 1000) t.clock.set(new Date(Date.now() + 1000));
  const delivery = {
    db: t.database.db,
    clock: t.clock,
    transports: { email: transport, sms: transport, keepContent: false },
    log: quiet,
  };
  while ((await deliverDue(delivery)).claimed > 0);
}
const origin = () => t.app.context.publicOrigin;

/** An organization with `count` voters and an upcoming election channel. */
async function setUp(count: number) {
  const { election: upcoming, ...rest } = await electionWithVoters(t, count);
  return { ...rest, upcoming };
}

/** The member's own setting: election notices and reminders off. */
async function optOut(voter: { cookie: string }) {
  const settings = (await call(t.app, voter.cookie).get("/api/settings")).json();
  const saved = await call(t.app, voter.cookie).put("/api/settings", {
    ...settings,
    notifications: { ...settings.notifications, electionNotices: false },
  });
  expect(saved.statusCode).toBe(200);
}

/** Kinds of the messages queued to each address, in order. */
async function kindsTo(addresses: string[]) {
  return Promise.all(addresses.map(async (a) => (await t.outbox.to(a)).map((m) => m.kind)));
}

describe("lifecycle notices", () => {
  it("go once each, in the transaction of their change, to the roll minus those who turned notices off", async () => {
    const { admin, voters, upcoming, channel } = await setUp(3);
    const [first, second, outOf] = voters;
    if (!first || !second || !outOf) throw new Error("voters");
    await optOut(outOf);
    const emails = voters.map((v) => v.user.email);

    // The announcement waits a few minutes after creation, then goes once whatever the workers.
    await sendScheduledNotices(t.database.db, t.clock, origin());
    expect(await kindsTo(emails)).toEqual([[], [], []]);
    // (created by the database's clock, a moment after the test's clock started)
    t.clock.advance((ANNOUNCEMENT_DELAY_MINUTES + 1) * 60_000);
    await Promise.all([
      sendScheduledNotices(t.database.db, t.clock, origin()),
      sendScheduledNotices(t.database.db, t.clock, origin()),
    ]);
    await sendScheduledNotices(t.database.db, t.clock, origin());
    expect(await kindsTo(emails)).toEqual([["election_scheduled"], ["election_scheduled"], []]);
    const announcement = await t.outbox.lastTo(first.user.email);
    expect(announcement?.subject).toContain("is scheduled");
    expect(announcement?.text).toContain(
      `${origin()}/member/election?channelId=${channel.id}&channelName=${channel.name}`,
    );

    admin.cookie = await signIn(t.app, admin.input.email, admin.input.password);
    const opened = await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    expect(opened.statusCode).toBe(200);
    expect((await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`)).statusCode).toBe(400);
    expect(await kindsTo(emails)).toEqual([
      ["election_scheduled", "voting_open"],
      ["election_scheduled", "voting_open"],
      [],
    ]);

    // Closing publishes the results at once: one message says both, recorded as both.
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/close`);
    await call(t.app, admin.cookie).patch(`/api/elections/${upcoming.id}/options`, { results_hidden: true });
    await call(t.app, admin.cookie).patch(`/api/elections/${upcoming.id}/options`, { results_hidden: false });
    await applySchedule(t.database.db, t.clock, origin());
    expect(await kindsTo(emails)).toEqual([
      ["election_scheduled", "voting_open", "results_published"],
      ["election_scheduled", "voting_open", "results_published"],
      [],
    ]);
    const results = await t.outbox.lastTo(second.user.email);
    expect(results?.text).toContain("closed");
    expect(results?.text).toContain("results are published");

    const notices = (await call(t.app, admin.cookie).get(`/api/elections/${upcoming.id}/notices`)).json();
    expect(notices.sent.map((n: { kind: string; recipients: number }) => [n.kind, n.recipients])).toEqual([
      ["election_scheduled", 2],
      ["voting_open", 2],
      ["results_published", 2],
      ["voting_closed", 2],
    ]);
    // Only the organization's administrators read or change them.
    expect((await call(t.app, first.cookie).get(`/api/elections/${upcoming.id}/notices`)).statusCode).toBe(
      403,
    );
  });

  it("go only where the administrator left them on; the schedule's own changes queue them too", async () => {
    const { admin, voters, upcoming } = await setUp(2);
    const emails = voters.map((v) => v.user.email);
    const path = `/api/elections/${upcoming.id}/notices`;
    const bad = await call(t.app, admin.cookie).put(path, {
      election_scheduled: false,
      voting_open: false,
      voting_closed: true,
      results_published: false,
      reminder_hours_before: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("2, 6, 24 or 48 hours");
    const saved = await call(t.app, admin.cookie).put(path, {
      election_scheduled: false,
      voting_open: false,
      voting_closed: true,
      results_published: false,
      reminder_hours_before: null,
    });
    expect(saved.json().settings).toMatchObject({ voting_open: false, voting_closed: true });

    t.clock.set(new Date(upcoming.starts_at));
    await sendScheduledNotices(t.database.db, t.clock, origin());
    await applySchedule(t.database.db, t.clock, origin());
    t.clock.set(new Date(upcoming.ends_at));
    await applySchedule(t.database.db, t.clock, origin());
    await applySchedule(t.database.db, t.clock, origin());
    expect(await kindsTo(emails)).toEqual([["voting_closed"], ["voting_closed"]]);
    t.clock.set(new Date());
  });
});

describe("reminders", () => {
  it("reach exactly the roll minus disclosed participants (and those who turned notices off), by e-mail and direct message, once an hour", async () => {
    const { admin, voters, upcoming } = await setUp(SEAL_MIN_VOTERS + 3);
    const sealed = voters.slice(0, SEAL_MIN_VOTERS);
    const [waiting, notYet, outOf] = voters.slice(SEAL_MIN_VOTERS);
    if (!waiting || !notYet || !outOf) throw new Error("voters");
    await optOut(outOf);
    const path = `/api/elections/${upcoming.id}/reminders`;
    // Not while voting is not open.
    expect((await call(t.app, admin.cookie).post(path)).json().error.message).toBe(
      "Reminders can be sent only while voting is open.",
    );
    const election = (await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`)).json();
    const cast = async (voter: (typeof voters)[number]) => {
      const response = await call(t.app, voter.cookie).post(`/api/elections/${election.id}/ballots`, {
        grant_id: await grantFor(t.database.db, t.clock, voter.user.id, election.id),
        selections: election.positions.map((p: { id: string; candidates: { id: string }[] }) => ({
          position_id: p.id,
          candidate_id: p.candidates[0]?.id,
        })),
      });
      expect(response.statusCode).toBe(201);
    };
    for (const voter of sealed) await cast(voter);
    await sealAndAnnounce(t.app.context, quiet, { electionId: election.id });
    // One more ballot, not yet disclosed: the reminder must not move with it.
    await cast(waiting);
    await sealAndAnnounce(t.app.context, quiet, { electionId: election.id });

    const before = (await call(t.app, admin.cookie).get(`/api/elections/${upcoming.id}/notices`)).json();
    expect(before.reminder).toEqual({ available: true, not_voted: 3, next_at: null });

    const heardFrom = heard.length;
    const sent = await call(t.app, admin.cookie).post(path);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ emails: 2, direct_messages: 2 });
    const reminded = async (v: (typeof voters)[number]) =>
      (await t.outbox.to(v.user.email)).filter((m) => m.kind === "reminder").length;
    expect(await Promise.all(voters.map(reminded))).toEqual([
      ...sealed.map(() => 0),
      1, // voted, but no seal has disclosed it: reminded like anyone not yet shown as voted
      1,
      0, // turned notices off
    ]);
    const letter = await t.outbox.lastTo(notYet.user.email);
    expect(letter?.subject).toMatch(
      new RegExp(
        `^Reminder: voting in ${election.title} closes \\w+day, \\d+ \\w+ \\d{4} at \\d\\d:\\d\\d \\(UTC\\)$`,
      ),
    );
    expect(letter?.text).not.toMatch(/\b(Ada|Ben)\b|ballot was|you chose/i);
    const dms = await t.database.db
      .select()
      .from(directMessages)
      .where(eq(directMessages.senderId, admin.id));
    expect(dms.map((m) => m.recipientId).sort()).toEqual([waiting.user.id, notYet.user.id].sort());
    // Live, as a chat message: to each recipient and to the admin.
    const live = heard.slice(heardFrom).filter((m) => m.event === "message.created");
    expect(live.map((m) => m.topic).sort()).toEqual(
      [`user:${waiting.user.id}`, `user:${notYet.user.id}`, `user:${admin.id}`, `user:${admin.id}`].sort(),
    );

    // Once an hour, with a clear message; presses at once send one reminder.
    const again = await call(t.app, admin.cookie).post(path);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(
      /^A reminder was sent less than an hour ago\. You can send the next one at /,
    );
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(3500);
    t.clock.advance(61 * 60_000);
    admin.cookie = await signIn(t.app, admin.input.email, admin.input.password);
    const both = await Promise.all([
      call(t.app, admin.cookie).post(path),
      call(t.app, admin.cookie).post(path),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 429]);
    expect(await reminded(notYet)).toBe(2);

    // Nothing in the log names a recipient or carries a message's text.
    const log = lines.join("\n");
    for (const v of voters) expect(log).not.toContain(v.user.email);
    expect(log).not.toContain("our records do not show");
    t.clock.set(new Date());
  });

  it("scheduled before the end goes once, whatever the number of workers, only to those not shown as voted", async () => {
    const { admin, voters, upcoming } = await setUp(3);
    await call(t.app, admin.cookie).put(`/api/elections/${upcoming.id}/notices`, {
      election_scheduled: false,
      voting_open: false,
      voting_closed: false,
      results_published: false,
      reminder_hours_before: 24,
    });
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    const endsAt = new Date(upcoming.ends_at).getTime();
    t.clock.set(new Date(endsAt - 25 * 3_600_000));
    await sendScheduledNotices(t.database.db, t.clock, origin());
    const count = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.kind, "reminder"))).filter((m) =>
        voters.some((v) => v.user.email === m.recipient),
      ).length;
    expect(await count()).toBe(0);
    t.clock.set(new Date(endsAt - 23 * 3_600_000));
    // Workers at once (on PostgreSQL each on its own connection of the pool), then again.
    await Promise.all([
      sendScheduledNotices(t.database.db, t.clock, origin()),
      sendScheduledNotices(t.database.db, t.clock, origin()),
      sendScheduledNotices(t.database.db, t.clock, origin()),
    ]);
    await sendScheduledNotices(t.database.db, t.clock, origin());
    expect(await count()).toBe(3);
    t.clock.set(new Date());
  });

  it("is never due when its moment falls at or before voting opened (48 hours before the end of a shorter vote)", async () => {
    const admin = await createOrganization(t.app);
    await bulkVoters(t.database.db, t.clock, admin.organizationId, 2);
    const channel = electionChannel(t.clock);
    // Open now, closing tomorrow: less than 48 hours.
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const created = await call(t.app, admin.cookie).post("/api/channels", {
      ...channel,
      voting_settings: { ...channel.voting_settings, startDate: tomorrow, endDate: tomorrow },
    });
    const upcoming = await electionOfChannel(t.app, admin.cookie, created.json().channel.id);
    await call(t.app, admin.cookie).put(`/api/elections/${upcoming.id}/notices`, {
      election_scheduled: false,
      voting_open: true,
      voting_closed: false,
      results_published: false,
      reminder_hours_before: 48,
    });
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    await sendScheduledNotices(t.database.db, t.clock, origin());
    const reminders = await t.database.db.select().from(outbox).where(eq(outbox.kind, "reminder"));
    expect(reminders.filter((m) => m.createdAt >= new Date(upcoming.created_at))).toEqual([]);
  });
});

describe("a cancelled election", () => {
  const cancel = async (admin: { cookie: string }, id: string) =>
    expect((await call(t.app, admin.cookie).post(`/api/elections/${id}/cancel`)).statusCode).toBe(200);

  it("is told to the voters who heard of it, as its 'Voting closed' notice, once", async () => {
    const { admin, voters, upcoming } = await setUp(2);
    const emails = voters.map((v) => v.user.email);
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    await deliverAll();
    await cancel(admin, upcoming.id);
    expect((await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/cancel`)).statusCode).toBe(
      400,
    );
    expect(await kindsTo(emails)).toEqual([
      ["voting_open", "voting_closed"],
      ["voting_open", "voting_closed"],
    ]);
    const letter = await t.outbox.lastTo(emails[0] ?? "");
    expect(letter?.subject).toBe(`Cancelled: ${upcoming.title}`);
    expect(letter?.text).toContain("has cancelled the election");
    const panel = (await call(t.app, admin.cookie).get(`/api/elections/${upcoming.id}/notices`)).json();
    expect(panel.sent.map((n: { kind: string; recipients: number }) => [n.kind, n.recipients])).toEqual([
      ["voting_open", 2],
      ["voting_closed", 2],
    ]);
  });

  it("before voting opens, reaches those it was announced to; never announced, no one", async () => {
    const announced = await setUp(2);
    t.clock.set(new Date(Date.now() + (ANNOUNCEMENT_DELAY_MINUTES + 1) * 60_000));
    await sendScheduledNotices(t.database.db, t.clock, origin());
    await deliverAll();
    await cancel(announced.admin, announced.upcoming.id);
    expect(await kindsTo(announced.voters.map((v) => v.user.email))).toEqual([
      ["election_scheduled", "voting_closed"],
      ["election_scheduled", "voting_closed"],
    ]);
    t.clock.set(new Date());

    const quietOne = await setUp(1);
    await cancel(quietOne.admin, quietOne.upcoming.id);
    expect(await kindsTo(quietOne.voters.map((v) => v.user.email))).toEqual([[]]);
  });

  it("is not told to a voter whose letter never left (the mail server down): it expires unsent", async () => {
    const { admin, voters, upcoming } = await setUp(1);
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    await cancel(admin, upcoming.id);
    expect(await kindsTo(voters.map((v) => v.user.email))).toEqual([["voting_open"]]);
  });

  it("is not told when the administrator turned 'Voting closed' off", async () => {
    const { admin, voters, upcoming } = await setUp(1);
    const settings = (await call(t.app, admin.cookie).get(`/api/elections/${upcoming.id}/notices`)).json()
      .settings;
    await call(t.app, admin.cookie).put(`/api/elections/${upcoming.id}/notices`, {
      ...settings,
      voting_closed: false,
    });
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    await cancel(admin, upcoming.id);
    expect(await kindsTo(voters.map((v) => v.user.email))).toEqual([["voting_open"]]);
  });
});

describe("notices still waiting when voting ends", () => {
  const waiting = async (kind: string, emails: string[]) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.kind, kind))).filter((m) =>
      emails.includes(m.recipient),
    );

  it("are never sent: 'Voting is open' does not arrive after the close and its results", async () => {
    const { admin, voters, upcoming } = await setUp(2);
    const emails = voters.map((v) => v.user.email);
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    expect(await waiting("voting_open", emails)).toHaveLength(2);
    // The mail server is down: nothing has left when voting closes; one letter is being tried
    // right then (a worker holds it), and will be refused for now.
    const [held] = await waiting("voting_open", emails);
    await t.database.db
      .update(outbox)
      .set({ state: "sending", leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, held?.id ?? ""));
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/close`);
    const sent: string[] = [];
    const transport = {
      name: "test",
      async send(message: { to: string; subject: string }) {
        if (emails.includes(message.to)) sent.push(message.subject);
        return {};
      },
    };
    // Back up: the worker sends what waits.
    await deliverAll(transport);
    expect(sent.filter((subject) => subject.startsWith("Voting is open"))).toEqual([]);
    expect(sent.filter((subject) => subject.startsWith("Results of"))).toHaveLength(2);
    for (const message of await waiting("voting_open", emails)) {
      expect(message).toMatchObject({ state: "failed", lastError: EXPIRED });
    }
    // The panel tells the administrator how each notice fared, not only that it was queued.
    const panel = (await call(t.app, admin.cookie).get(`/api/elections/${upcoming.id}/notices`)).json();
    const fared = Object.fromEntries(
      panel.sent.map((n: { kind: string; delivery: unknown }) => [n.kind, n.delivery]),
    );
    expect(fared).toMatchObject({
      voting_open: { delivered: 0, waiting: 0, expired: 2, failed: 0 },
      results_published: { delivered: 2, waiting: 0, expired: 0, failed: 0 },
      voting_closed: null,
    });
  });

  it("are never sent once the channel of an election that never opened is deleted", async () => {
    const { admin, voters, upcoming, channel } = await setUp(1);
    const emails = voters.map((v) => v.user.email);
    t.clock.set(new Date(Date.now() + (ANNOUNCEMENT_DELAY_MINUTES + 1) * 60_000));
    await sendScheduledNotices(t.database.db, t.clock, origin());
    expect(await waiting("election_scheduled", emails)).toHaveLength(1);
    const deleted = await call(t.app, admin.cookie).delete(`/api/channels/${channel.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const [announcement] = await waiting("election_scheduled", emails);
    expect(announcement?.expiresAt?.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(upcoming.status).toBe("upcoming");
    t.clock.set(new Date());
  });

  it("are never sent after the election is cancelled either", async () => {
    const { admin, voters, upcoming } = await setUp(1);
    const emails = voters.map((v) => v.user.email);
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/open`);
    await call(t.app, admin.cookie).post(`/api/elections/${upcoming.id}/cancel`);
    const [open] = await waiting("voting_open", emails);
    expect(open?.expiresAt?.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });
});
