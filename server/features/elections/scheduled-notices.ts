import { and, eq, gt, lte } from "drizzle-orm";
import { ANNOUNCEMENT_DELAY_MINUTES } from "../../../contract/election-notices";
import type { Db } from "../../db/connect";
import { elections } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { type NoticeOrReminder, noticeOn, noticePending, queueNotice } from "./notices";
import { reminderDue } from "./reminders";

/**
 * The notices no single change causes, sent by the election worker: the announcement of an
 * upcoming election (ANNOUNCEMENT_DELAY_MINUTES after it was created, so the administrator can
 * finish the ballot or turn it off first; never once voting has opened) and the scheduled reminder.
 * Each election's notice is sent in its own transaction that locks the election in the state the
 * notice needs and claims the notice (notices.ts): any number of workers send it once.
 */
export async function sendScheduledNotices(db: Db, clock: Clock, origin: string): Promise<number> {
  const now = clock.now();
  const created = new Date(now.getTime() - ANNOUNCEMENT_DELAY_MINUTES * 60_000);
  const announce = await db
    .select({ id: elections.id })
    .from(elections)
    .where(
      and(
        eq(elections.status, "upcoming"),
        lte(elections.createdAt, created),
        gt(elections.startsAt, now),
        noticeOn("election_scheduled"),
        noticePending("election_scheduled"),
      ),
    );
  const remind = await db
    .select({ id: elections.id })
    .from(elections)
    .where(and(reminderDue(now), noticePending("reminder")));
  let sent = 0;
  const send = async (id: string, kind: NoticeOrReminder, status: "upcoming" | "active") => {
    const queued = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(elections)
        .where(and(eq(elections.id, id), eq(elections.status, status)))
        // As the reminder button: one sender at a time, and votes never wait behind it.
        .for("no key update");
      return row ? queueNotice(tx, row, kind, now, origin) : false;
    });
    if (queued) sent++;
  };
  for (const { id } of announce) await send(id, "election_scheduled", "upcoming");
  for (const { id } of remind) await send(id, "reminder", "active");
  return sent;
}
