import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect";
import { directMessages, organizationMemberships, organizations, users } from "../../db/schema";

export type MessageRow = typeof directMessages.$inferSelect;

/** Messages of the conversation between two people, in either direction. */
export function between(a: string, b: string): SQL {
  return or(
    and(eq(directMessages.senderId, a), eq(directMessages.recipientId, b)),
    and(eq(directMessages.senderId, b), eq(directMessages.recipientId, a)),
  ) as SQL;
}

/** Messages older than a message (by time, then id: equal times never skip one) or than a time. */
function before(cursor: string): SQL {
  return cursor.includes("T")
    ? lt(directMessages.createdAt, new Date(cursor))
    : sql`(${directMessages.createdAt}, ${directMessages.id}) < (select d.created_at, d.id from direct_messages d where d.id = ${cursor}::uuid)`;
}

/** The newest `limit` messages of the conversation (before the cursor), newest first. */
export function newestMessages(
  db: Db,
  a: string,
  b: string,
  page: { before?: string; limit: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(directMessages)
    .where(and(between(a, b), page.before ? before(page.before) : undefined))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(page.limit);
}

/** The organizations both users belong to, with their status. */
export async function sharedOrganizations(
  db: Db,
  a: string,
  b: string,
): Promise<Array<{ id: string; status: "active" | "inactive" | "suspended" }>> {
  const theirs = alias(organizationMemberships, "theirs");
  return db
    .select({ id: organizations.id, status: organizations.status })
    .from(organizationMemberships)
    .innerJoin(
      theirs,
      and(eq(theirs.organizationId, organizationMemberships.organizationId), eq(theirs.userId, b)),
    )
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(eq(organizationMemberships.userId, a));
}

/**
 * A recipient as a sender sees them, in one query (sending is the hot path): their settings and
 * the status of each organization they share with the sender. Undefined for an unknown user.
 */
export async function recipientFor(db: Db, senderId: string, recipientId: string) {
  const theirs = alias(organizationMemberships, "theirs");
  const rows = await db
    .select({ settings: users.settings, status: organizations.status })
    .from(users)
    .leftJoin(theirs, eq(theirs.userId, users.id))
    .leftJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.organizationId, theirs.organizationId),
        eq(organizationMemberships.userId, senderId),
      ),
    )
    .leftJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(eq(users.id, recipientId));
  const [first] = rows;
  if (!first) return undefined;
  return {
    settings: first.settings,
    shared: rows.flatMap((row) => (row.status ? [row.status] : [])),
  };
}

/** Whether any message has passed between the two (a conversation outlives a shared organization). */
export async function haveTalked(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ id: directMessages.id }).from(directMessages).where(between(a, b)).limit(1);
  return !!row;
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, settings: users.settings })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The organization's members other than the user, by name. */
export function otherMembers(db: Db, userId: string, organizationId: string) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      userType: users.userType,
      settings: users.settings,
      role: organizationMemberships.role,
    })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(and(eq(organizationMemberships.organizationId, organizationId), ne(users.id, userId)))
    .orderBy(asc(users.fullName), asc(users.id));
}

const membersOf = (db: Db, organizationId: string) =>
  db
    .select({ id: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.organizationId, organizationId));

/**
 * The latest message of the user's conversation with each member of the organization: the latest
 * sent to each and the latest received from each (two queries), the later of the two.
 */
export async function lastMessages(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<Map<string, MessageRow>> {
  const members = membersOf(db, organizationId);
  const [sent, received] = await Promise.all([
    db
      .selectDistinctOn([directMessages.recipientId])
      .from(directMessages)
      .where(and(eq(directMessages.senderId, userId), inArray(directMessages.recipientId, members)))
      .orderBy(directMessages.recipientId, desc(directMessages.createdAt), desc(directMessages.id)),
    db
      .selectDistinctOn([directMessages.senderId])
      .from(directMessages)
      .where(and(eq(directMessages.recipientId, userId), inArray(directMessages.senderId, members)))
      .orderBy(directMessages.senderId, desc(directMessages.createdAt), desc(directMessages.id)),
  ]);
  const latest = new Map(sent.map((row) => [row.recipientId, row]));
  for (const row of received) {
    const mine = latest.get(row.senderId);
    if (!mine || mine.createdAt < row.createdAt) latest.set(row.senderId, row);
  }
  return latest;
}

/** Unread messages to the user per sender (only senders of the organization when one is given). */
export async function unreadBySender(
  db: Db,
  userId: string,
  organizationId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ senderId: directMessages.senderId, n: count() })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.recipientId, userId),
        isNull(directMessages.readAt),
        organizationId ? inArray(directMessages.senderId, membersOf(db, organizationId)) : undefined,
      ),
    )
    .groupBy(directMessages.senderId);
  return new Map(rows.map((row) => [row.senderId, row.n]));
}

/** Marks what `senderId` sent `readerId` and was unread as read now; how many. */
export async function markRead(db: Db, readerId: string, senderId: string, now: Date): Promise<number> {
  const rows = await db
    .update(directMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(directMessages.recipientId, readerId),
        eq(directMessages.senderId, senderId),
        isNull(directMessages.readAt),
      ),
    )
    .returning({ id: directMessages.id });
  return rows.length;
}
