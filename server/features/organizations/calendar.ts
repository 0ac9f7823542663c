import { and, eq, gte, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { CalendarEvent } from "../../../contract/organizations";
import type { Db } from "../../db/connect";
import { channels, elections, roomSessions } from "../../db/schema";
import { badRequest } from "../../http/errors";

const MAX_DAYS = 62;

/**
 * What the sidebar calendar marks between `from` and `to` (a month as the browser shows it):
 * elections whose voting opens or closes then (cancelled ones left out), and room sessions that
 * started then. Two indexed queries for the whole month.
 */
export async function organizationCalendar(
  db: Db,
  organizationId: string,
  from: Date,
  to: Date,
): Promise<CalendarEvent[]> {
  const span = to.getTime() - from.getTime();
  if (!(span > 0) || span > MAX_DAYS * 86_400_000) throw badRequest("Choose a range of at most 62 days");
  const votes = await db
    .select({ election: elections, channel: { id: channels.id, name: channels.name, type: channels.type } })
    .from(elections)
    .leftJoin(channels, eq(channels.id, elections.channelId))
    .where(
      and(
        eq(elections.organizationId, organizationId),
        ne(elections.status, "cancelled"),
        or(
          and(gte(elections.startsAt, from), lt(elections.startsAt, to)),
          and(gte(elections.endsAt, from), lt(elections.endsAt, to)),
        ),
      ),
    );
  const sessions = await db
    .select({ session: roomSessions, channel: { id: channels.id, name: channels.name, type: channels.type } })
    .from(roomSessions)
    .innerJoin(channels, eq(channels.id, roomSessions.channelId))
    .where(
      and(
        eq(roomSessions.organizationId, organizationId),
        isNotNull(roomSessions.startedAt),
        gte(roomSessions.startedAt, from),
        lt(roomSessions.startedAt, to),
      ),
    )
    .orderBy(sql`${roomSessions.startedAt}`);
  const events: CalendarEvent[] = [
    ...votes.map(({ election, channel }) => ({
      kind: "election" as const,
      id: election.id,
      title: election.title,
      channel: channel as CalendarEvent["channel"],
      status: election.status,
      starts_at: election.startsAt.toISOString(),
      ends_at: election.endsAt.toISOString(),
    })),
    ...sessions.map(({ session, channel }) => ({
      kind: session.kind,
      id: session.id,
      title: session.title,
      channel: channel as CalendarEvent["channel"],
      status: session.status,
      starts_at: (session.startedAt as Date).toISOString(),
      ends_at: session.endedAt?.toISOString() ?? null,
    })),
  ];
  return events.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}
