import { and, count, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { DirectMessage } from "../../../contract/chat";
import {
  DEFAULT_NOTICE_SETTINGS,
  type ElectionNotices,
  NOTICE_KINDS,
  type NoticeSettings,
  type NoticeSettingsChange,
  noticeMessages,
  REMINDER_INTERVAL_MINUTES,
  type ReminderSent,
} from "../../../contract/election-notices";
import { votingOpen } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { inList } from "../../db/params";
import { electionNoticeSettings, electionNotices, elections, organizations, users } from "../../db/schema";
import { mergedJsonb } from "../../db/update";
import { AppError, badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { formatWhen } from "../../lib/outbox/templates";
import type { User } from "../accounts/sessions";
import { sendToMany } from "../chat/service";
import { electionForAdmin, electionToManage } from "./access";
import {
  letterOf,
  manualReminders,
  noticeDelivery,
  noticeSettingsOf,
  notVoted,
  queueLetters,
  recipients,
} from "./notices";
import type { ElectionRow } from "./queries";

const INTERVAL_MS = REMINDER_INTERVAL_MINUTES * 60_000;

const isOpen = (row: ElectionRow, now: Date) =>
  votingOpen(
    { status: row.status, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() },
    now,
  );

/** When the reminder button may be pressed again: an hour after the last press; null: now. */
async function nextReminderAt(db: Db, electionId: string, now: Date): Promise<Date | null> {
  const [last] = await db
    .select({ at: electionNotices.queuedAt })
    .from(electionNotices)
    .where(manualReminders(electionId))
    .orderBy(desc(electionNotices.queuedAt))
    .limit(1);
  const next = last ? new Date(last.at.getTime() + INTERVAL_MS) : null;
  return next && next > now ? next : null;
}

/** The notices screen of an election for its administrator: settings, what went, the reminder's state. */
export async function noticesOf(db: Db, clock: Clock, row: ElectionRow): Promise<ElectionNotices> {
  const now = clock.now();
  const [settings, sent, next, delivery] = await Promise.all([
    noticeSettingsOf(db, row.id),
    db
      .select()
      .from(electionNotices)
      .where(eq(electionNotices.electionId, row.id))
      .orderBy(electionNotices.queuedAt, electionNotices.id),
    nextReminderAt(db, row.id, now),
    noticeDelivery(db, row.id),
  ]);
  const open = isOpen(row, now);
  let notYet: number | null = null;
  if (open) {
    const [counted] = await db.select({ n: count() }).from(users).where(notVoted(row, "users"));
    notYet = counted?.n ?? 0;
  }
  // Delivery goes on the last notice of each kind: several reminders' letters are counted together.
  const lastOfKind = new Map(sent.map((n) => [n.kind, n]));
  return {
    settings,
    sent: sent.map((n) => ({
      kind: n.kind as ElectionNotices["sent"][number]["kind"],
      manual: n.manual,
      queued_at: n.queuedAt.toISOString(),
      recipients: n.recipients,
      delivery: lastOfKind.get(n.kind) === n ? (delivery.get(n.kind) ?? null) : null,
    })),
    reminder: { available: open, not_voted: notYet, next_at: next?.toISOString() ?? null },
  };
}

export async function readNotices(db: Db, clock: Clock, admin: User, electionId: string) {
  return noticesOf(db, clock, await electionForAdmin(db, admin, electionId));
}

/** Which notices go out for this election; takes effect for every notice not sent yet. */
export async function saveNoticeSettings(
  db: Db,
  clock: Clock,
  admin: User,
  electionId: string,
  change: NoticeSettingsChange,
): Promise<ElectionNotices> {
  const row = await electionToManage(db, admin, electionId);
  // Only the settings the body names: merged into the stored ones in the upsert itself, so two
  // administrators' switches saved at once both stay (neither writes the other's back).
  const named = [...NOTICE_KINDS, "reminder_hours_before"] as const;
  const chosen = Object.fromEntries(
    named.filter((key) => change[key] !== undefined).map((key) => [key, change[key]]),
  ) as Partial<NoticeSettings>;
  await db
    .insert(electionNoticeSettings)
    .values({ electionId, settings: { ...DEFAULT_NOTICE_SETTINGS, ...chosen } })
    .onConflictDoUpdate({
      target: electionNoticeSettings.electionId,
      set: { settings: mergedJsonb(electionNoticeSettings.settings, chosen) },
    });
  return noticesOf(db, clock, row);
}

/**
 * "Remind those who have not voted": an e-mail to each voter on the roll without a disclosed
 * participation who takes notices, and a direct message from the administrator who pressed (to
 * those who also accept direct messages), all in one transaction. Once an hour per election: the
 * election's row is locked while the last press is read, so two presses at once send one reminder.
 * The caller publishes the direct messages after commit.
 */
export async function remindNonVoters(options: {
  db: Db;
  clock: Clock;
  admin: User;
  electionId: string;
  origin: string;
}): Promise<ReminderSent & { messages: DirectMessage[] }> {
  const { db, clock, admin, electionId, origin } = options;
  await electionToManage(db, admin, electionId);
  return db.transaction(async (tx) => {
    const now = clock.now();
    // "no key update": two presses wait for each other, but votes (whose rows reference the
    // election, taking its key-share lock) never wait for the letters being queued.
    const [row] = await tx.select().from(elections).where(eq(elections.id, electionId)).for("no key update");
    if (!row || !isOpen(row, now)) throw badRequest(noticeMessages.notOpen);
    const next = await nextReminderAt(tx, electionId, now);
    if (next) throw await tooSoon(tx, row, next, now);
    const to = await recipients(tx, notVoted(row, "users"));
    const [claimed] = await tx
      .insert(electionNotices)
      .values({ electionId, kind: "reminder", manual: true, sentBy: admin.id, queuedAt: now })
      .returning({ id: electionNotices.id });
    // The letters to exactly those read above, who also get the direct message.
    const letter = await letterOf(tx, row, "reminder", origin);
    await queueLetters(tx, row, letter, inList(users.id, to), claimed ? [claimed.id] : []);
    const [organization] = await tx
      .select({ timezone: organizations.timezone })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    const text = `Reminder: voting in "${row.title}" is open until ${formatWhen(row.endsAt, organization?.timezone ?? "UTC")}. If you have not voted yet, you can vote in the election's channel. If you have, thank you: there is nothing more to do.`;
    const messages = await sendToMany(tx, admin, to, text);
    return {
      emails: to.length,
      direct_messages: messages.length,
      next_at: new Date(now.getTime() + INTERVAL_MS).toISOString(),
      messages,
    };
  });
}

async function tooSoon(db: Db, row: ElectionRow, next: Date, now: Date): Promise<AppError> {
  const [organization] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  const wait = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  return new AppError(
    "rate_limited",
    noticeMessages.tooSoon(formatWhen(next, organization?.timezone ?? "UTC")),
    { "retry-after": String(wait) },
  );
}

/**
 * Elections whose scheduled reminder is due now (as SQL on `elections`). A reminder whose moment
 * falls at or before voting opened (48 hours before the close of a 40-hour vote) is never due: it
 * would have gone out with "Voting is open".
 */
export const reminderDue = (now: Date) =>
  and(
    eq(elections.status, "active"),
    lte(elections.startsAt, now),
    gt(elections.endsAt, now),
    sql`exists (select 1 from election_notice_settings s where s.election_id = "elections"."id"
      and s.settings->>'reminder_hours_before' is not null
      and "elections"."ends_at" - ((s.settings->>'reminder_hours_before')::int * interval '1 hour') <= ${now}
      and "elections"."ends_at" - ((s.settings->>'reminder_hours_before')::int * interval '1 hour') > "elections"."starts_at")`,
  );
