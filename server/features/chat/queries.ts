import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect";
import { prepared } from "../../db/prepared";
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
 * A direct message written in one statement, its rules checked by that statement: the recipient
 * exists (`found`), shares an organization with the sender (`shared`), one of them not suspended
 * (`active`), and accepts direct messages (`accepting`, settings › privacy, true by default). The
 * row is inserted only when all hold; the flags tell the caller which refused.
 */
const sendIfAllowed = prepared<{
  found: boolean;
  shared: boolean;
  active: boolean;
  accepting: boolean;
  id: string | null;
  content: string | null;
  read_at: string | null;
  created_at: string | null;
}>(
  "chat_send",
  sql`with shared as (
    select o.status from organization_memberships theirs
    join organization_memberships mine on mine.organization_id = theirs.organization_id
    join organizations o on o.id = mine.organization_id
    where theirs.user_id = ${sql.placeholder("recipient")}::uuid and mine.user_id = ${sql.placeholder("sender")}::uuid
  ), rules as (
    select
      exists (select 1 from users where id = ${sql.placeholder("recipient")}::uuid) as found,
      exists (select 1 from shared) as shared,
      exists (select 1 from shared where status <> 'suspended') as active,
      coalesce((select (settings -> 'privacy' ->> 'allowDirectMessages')::boolean from users
        where id = ${sql.placeholder("recipient")}::uuid), true) as accepting
  ), sent as (
    insert into direct_messages (sender_id, recipient_id, content)
    select ${sql.placeholder("sender")}::uuid, ${sql.placeholder("recipient")}::uuid, ${sql.placeholder("content")}::text
    from rules where found and shared and active and accepting
    returning id, content, read_at, created_at
  )
  select rules.found, rules.shared, rules.active, rules.accepting, sent.id, sent.content, sent.read_at, sent.created_at
  from rules left join sent on true`,
);

export type SendOutcome = { sent: MessageRow } | { refused: "notFound" | "suspended" | "notAccepting" };

/** Writes the message if the rules allow it (sendIfAllowed), else says which rule refused. */
export async function sendChecked(
  db: Db,
  senderId: string,
  recipientId: string,
  content: string,
): Promise<SendOutcome> {
  const { rows } = await sendIfAllowed(db).execute({ sender: senderId, recipient: recipientId, content });
  const row = rows[0];
  if (!row?.found || !row.shared) return { refused: "notFound" };
  if (!row.active) return { refused: "suspended" };
  if (!row.accepting || !row.id || !row.created_at) return { refused: "notAccepting" };
  return {
    sent: {
      id: row.id,
      senderId,
      recipientId,
      content: row.content ?? content,
      readAt: row.read_at ? new Date(row.read_at) : null,
      createdAt: new Date(row.created_at),
    },
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
