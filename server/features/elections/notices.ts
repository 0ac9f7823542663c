import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { channelPath } from "../../../contract/channels";
import {
  DEFAULT_NOTICE_SETTINGS,
  type NoticeDelivery,
  type NoticeKind,
  type NoticeSettings,
} from "../../../contract/election-notices";
import type { Db } from "../../db/connect";
import {
  channels,
  electionNoticeSettings,
  electionNotices,
  organizations,
  outbox,
  users,
} from "../../db/schema";
import { EXPIRED } from "../../lib/outbox/deliver";
import { queueLetterToUsers } from "../../lib/outbox/queue";
import * as templates from "../../lib/outbox/templates";
import type { ElectionRow } from "./queries";
import { electionRoll } from "./roll";

/**
 * Election notices to the voters, by e-mail through the outbox: queued in the transaction of the
 * change that causes them (opening, closing, results published), each claimed once per election
 * and kind in `election_notices` so no retry, race or second process sends one twice.
 */

export type NoticeOrReminder = NoticeKind | "reminder";

const LETTERS: Record<NoticeOrReminder, (notice: templates.ElectionNotice) => templates.Letter> = {
  election_scheduled: templates.electionScheduled,
  voting_open: templates.votingOpen,
  voting_closed: templates.votingClosed,
  results_published: templates.resultsPublished,
  reminder: templates.reminder,
};

export async function noticeSettingsOf(db: Db, electionId: string): Promise<NoticeSettings> {
  const [row] = await db
    .select({ settings: electionNoticeSettings.settings })
    .from(electionNoticeSettings)
    .where(eq(electionNoticeSettings.electionId, electionId));
  return { ...DEFAULT_NOTICE_SETTINGS, ...row?.settings };
}

/** `u` (the users table or an alias of it) takes election notices and reminders: the member's setting, on unless turned off. */
export const wantsNotices = (u: string) =>
  sql.raw(`coalesce(("${u}".settings->'notifications'->>'electionNotices')::boolean, true)`);

/**
 * The election's roll: fixed when voting opens, less anyone who has left the organization since
 * (they may no longer vote, so no notice or reminder is theirs); before that, who it would take now
 * (roll.ts).
 */
export function rollOf(row: ElectionRow): SQL {
  return row.status === "upcoming"
    ? electionRoll(row.id, row.organizationId)
    : sql`select v.user_id from election_voters v join organization_memberships m
        on m.user_id = v.user_id and m.organization_id = ${row.organizationId}::uuid
        where v.election_id = ${row.id}::uuid`;
}

/** On the election's roll (a condition on the `users` table). */
const onRoll = (row: ElectionRow) => sql`"users"."id" in (${rollOf(row)})`;

/**
 * On the roll without a disclosed participation (`u`: the users table or an alias of it). While voting is open only a
 * seal discloses a participation, in a batch (sealing.ts, SEAL_MIN_VOTERS): so who is reminded
 * never moves with one ballot, and is exactly who the Voters tab shows as "not yet".
 */
export const notVoted = (row: ElectionRow, u: string) =>
  sql`${sql.raw(`"${u}"`)}.id in (${rollOf(row)}) and not exists (select 1 from participations p
    where p.election_id = ${row.id}::uuid and p.user_id = ${sql.raw(`"${u}"`)}.id and p.seal_id is not null)`;

/** The election as its notices name it, with the link to its channel in the voter's area (on `tab`). */
async function noticeOf(
  db: Db,
  row: ElectionRow,
  origin: string,
  tab?: "vote" | "results",
): Promise<templates.ElectionNotice> {
  const [organization] = await db
    .select({ name: organizations.name, timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  const [channel] = row.channelId
    ? await db.select({ name: channels.name }).from(channels).where(eq(channels.id, row.channelId))
    : [];
  const path =
    row.channelId && channel
      ? channelPath("member", { id: row.channelId, name: channel.name, type: "election" }, tab)
      : "/member/election-results";
  return {
    organization: organization?.name ?? "Votespace",
    election: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: organization?.timezone ?? "UTC",
    link: `${origin}${path}`,
    board: `${origin}/elections/${row.id}/bulletin`,
  };
}

/** The ids of those of `who` (a condition on the `users` table) who take election notices. */
export async function recipients(db: Db, who: SQL): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(who, wantsNotices("users")))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}

/**
 * Claims a notice of the schedule for the election (once per election and kind, whatever the
 * processes: the partial unique index) and records how many it went to. False when it was claimed already.
 */
async function claim(db: Db, row: ElectionRow, kind: NoticeOrReminder, at: Date): Promise<number | null> {
  const [claimed] = await db
    .insert(electionNotices)
    .values({ electionId: row.id, kind, queuedAt: at })
    .onConflictDoNothing()
    .returning({ id: electionNotices.id });
  return claimed?.id ?? null;
}

/** The tab a notice's link opens on: Cast Vote to vote, Results for the results. */
const TAB_OF: Record<NoticeOrReminder, "vote" | "results" | undefined> = {
  election_scheduled: undefined,
  voting_open: "vote",
  reminder: "vote",
  voting_closed: "results",
  results_published: "results",
};

/** The letter of a notice of the schedule or a reminder, about the election as it stands. */
export async function letterOf(
  db: Db,
  row: ElectionRow,
  kind: NoticeOrReminder,
  origin: string,
): Promise<templates.Letter> {
  return LETTERS[kind](await noticeOf(db, row, origin, TAB_OF[kind]));
}

/** The letters that say voting is open or will open: those still waiting when voting ends are never sent. */
const STALE_WHEN_VOTING_ENDS: NoticeOrReminder[] = ["election_scheduled", "voting_open", "reminder"];
/** The outbox's `about` of an election's notices and reminders. */
const aboutElection = (electionId: string) => `election:${electionId}`;

/** How the letters of each kind of this election's notices fared in the outbox: delivered, waiting, failed. */
export async function noticeDelivery(db: Db, electionId: string): Promise<Map<string, NoticeDelivery>> {
  const rows = await db
    .select({
      kind: outbox.kind,
      state: outbox.state,
      n: count(),
      expired: sql<number>`(count(*) filter (where ${outbox.lastError} = ${EXPIRED}))::int`,
    })
    .from(outbox)
    .where(eq(outbox.about, aboutElection(electionId)))
    .groupBy(outbox.kind, outbox.state);
  const byKind = new Map<string, NoticeDelivery>();
  for (const { kind, state, n, expired } of rows) {
    const delivery = byKind.get(kind) ?? { delivered: 0, waiting: 0, expired: 0, failed: 0 };
    if (state === "sent") delivery.delivered += n;
    else if (state === "failed") {
      delivery.expired += expired;
      delivery.failed += n - expired;
    } else delivery.waiting += n;
    byKind.set(kind, delivery);
  }
  return byKind;
}

/**
 * Voting ended (closed on schedule or early, or the election was cancelled): its announcement,
 * "voting is open" notices and reminders still waiting in the outbox (a mail server down or slow)
 * would arrive saying voting is open, after it closed and after its results. They expire when
 * voting ended (`at`): the outbox worker records them failed (expired) and never sends them.
 */
export async function expireWaitingNotices(db: Db, electionId: string, at: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ expiresAt: at })
    .where(
      and(
        eq(outbox.about, aboutElection(electionId)),
        // One being sent now goes, or, refused for now, is expired when next claimed.
        inArray(outbox.state, ["queued", "sending"]),
        inArray(outbox.kind, STALE_WHEN_VOTING_ENDS),
      ),
    );
}

/** Queues one letter to each of `who` (a condition on the `users` table) who takes notices; the count is kept on the claims `noticeIds`. */
export async function queueLetters(
  db: Db,
  row: ElectionRow,
  letter: templates.Letter,
  who: SQL,
  noticeIds: number[],
): Promise<void> {
  const count = await queueLetterToUsers(
    db,
    letter,
    and(who, wantsNotices("users")) as SQL,
    aboutElection(row.id),
  );
  for (const id of noticeIds) {
    await db.update(electionNotices).set({ recipients: count }).where(eq(electionNotices.id, id));
  }
}

/**
 * Sends a notice of the schedule, in the caller's transaction, if the administrator left it on
 * and it has not gone yet: to every voter on the roll (before it exists, every voter member) who
 * takes notices; the scheduled reminder only to those who have not voted.
 */
export async function queueNotice(
  db: Db,
  row: ElectionRow,
  kind: NoticeOrReminder,
  at: Date,
  origin: string,
): Promise<boolean> {
  const settings = await noticeSettingsOf(db, row.id);
  if (kind !== "reminder" && !settings[kind]) return false;
  const id = await claim(db, row, kind, at);
  if (id === null) return false;
  const who = kind === "reminder" ? notVoted(row, "users") : onRoll(row);
  await queueLetters(db, row, await letterOf(db, row, kind, origin), who, [id]);
  return true;
}

/**
 * Voting closed (in the closing transaction): "voting closed", and "results published" when voters
 * see the results from now on (a completed election's are public: queries.ts). When both are on
 * they go as one message (the results letter says voting closed), recorded as both.
 */
export async function queueClosingNotices(db: Db, row: ElectionRow, at: Date, origin: string): Promise<void> {
  await expireWaitingNotices(db, row.id, at);
  if (row.status !== "completed") return;
  const settings = await noticeSettingsOf(db, row.id);
  if (settings.voting_closed && settings.results_published) {
    const published = await claim(db, row, "results_published", at);
    const closed = await claim(db, row, "voting_closed", at);
    const ids = [published, closed].filter((id): id is number => id !== null);
    // The results letter says voting closed too; the closing letter alone if the results went already.
    const kind = published !== null ? "results_published" : closed !== null ? "voting_closed" : null;
    if (kind) await queueLetters(db, row, await letterOf(db, row, kind, origin), onRoll(row), ids);
    return;
  }
  await queueNotice(db, row, "voting_closed", at, origin);
  await queueNotice(db, row, "results_published", at, origin);
}

/**
 * Cancelled (in its transaction): the voters a letter told of the election (its announcement,
 * "voting is open" or a reminder, sent; not one still waiting, which expires unsent) hear that it
 * will not go on, as its "Voting closed" notice, when that is on. No one else: not a member who
 * joined since, nor one whose letter never left.
 */
export async function queueCancellationNotice(
  db: Db,
  row: ElectionRow,
  at: Date,
  origin: string,
): Promise<void> {
  // The letters that told of it are those that say voting is open or will open, sent.
  const told = inArray(
    users.email,
    db
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(
        and(
          eq(outbox.about, aboutElection(row.id)),
          eq(outbox.channel, "email"),
          eq(outbox.state, "sent"),
          inArray(outbox.kind, STALE_WHEN_VOTING_ENDS),
        ),
      ),
  );
  await expireWaitingNotices(db, row.id, at);
  if (!(await noticeSettingsOf(db, row.id)).voting_closed) return;
  const [anyone] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(told, wantsNotices("users")))
    .limit(1);
  if (!anyone) return;
  const id = await claim(db, row, "voting_closed", at);
  if (id === null) return;
  const letter = templates.electionCancelled(await noticeOf(db, row, origin));
  await queueLetters(db, row, letter, told, [id]);
}

/** The elections whose notice of `kind` has not gone (as SQL on the `elections` table). */
export const noticePending = (kind: NoticeOrReminder) =>
  sql`not exists (select 1 from election_notices n where n.election_id = "elections"."id" and n.kind = ${kind} and not n.manual)`;

/** The election's `kind` notice is on in its settings (as SQL; no settings row: on). */
export const noticeOn = (kind: NoticeKind) =>
  sql`coalesce((select (s.settings->>${kind})::boolean from election_notice_settings s where s.election_id = "elections"."id"), true)`;

export const manualReminders = (electionId: string) =>
  and(eq(electionNotices.electionId, electionId), eq(electionNotices.manual, true));
