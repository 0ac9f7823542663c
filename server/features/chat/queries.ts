import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect";
import { batchParam, perDatabase, prepared } from "../../db/prepared";
import { directMessages, organizationMemberships, organizations, users } from "../../db/schema";
import { batched } from "../../lib/batched";
import { NO_ID, UUID, uuidArray } from "../../lib/ids";
import { NOTIFY_CHANNEL } from "../../realtime/bus";

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

interface SendRow {
  n: number;
  found: boolean;
  shared: boolean;
  active: boolean;
  accepting: boolean;
  id: string | null;
  content: string | null;
  read_at: string | null;
  created_at: string | null;
}

/**
 * Direct messages written in one statement, each message's rules checked by that statement on its
 * own: the recipient exists (`found`), shares an organization with the sender (`shared`), one of them
 * not suspended (`active`), and accepts direct messages (`accepting`, settings › privacy, true by
 * default). A message is inserted only when all hold; the flags tell the caller which refused. The
 * messages are rows of `asked` (arrays side by side, the contents and notices JSON arrays); each
 * comes with its id, so its row is found again. A message written is told to the other processes
 * by the same statement (`told`, Bus.inWrite), its notice's stand-in time replaced by the one
 * written.
 */
const sendIfAllowed = prepared<SendRow>(
  "chat_send",
  sql`with asked as (
    select a.n::int as n, a.id, a.sender, a.recipient, ${sql.placeholder("contents")}::jsonb ->> (a.n::int - 1) as content,
      ${sql.placeholder("notices")}::jsonb ->> (a.n::int - 1) as notice
    from unnest(${batchParam("ids", "uuid[]")}, ${batchParam("senders", "uuid[]")}, ${batchParam("recipients", "uuid[]")})
      with ordinality as a(id, sender, recipient, n)
  ), rules as (
    -- Each message's rules looked up from its own two people (lateral, by their indexes): a correlated
    -- exists may be planned as one hashed pass over every membership of their organizations.
    select a.*, u.found, s.shared, s.active, coalesce(u.accepting, true) as accepting
    from asked a
    cross join lateral (
      select count(*) > 0 as found, bool_or((settings -> 'privacy' ->> 'allowDirectMessages')::boolean) as accepting
      from users where id = a.recipient
    ) u
    cross join lateral (
      select count(*) > 0 as shared, coalesce(bool_or(o.status <> 'suspended'), false) as active
      from organization_memberships mine
      join organization_memberships theirs on theirs.organization_id = mine.organization_id and theirs.user_id = a.recipient
      join organizations o on o.id = mine.organization_id
      where mine.user_id = a.sender
    ) s
  ), sent as (
    insert into direct_messages (id, sender_id, recipient_id, content)
    select id, sender, recipient, content from rules where found and shared and active and accepting
    returning id, content, read_at, created_at
  ), told as (
    select pg_notify(${sql.placeholder("channel")}, replace(r.notice, ${sql.placeholder("standIn")},
      '"created_at":' || to_json(to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text))
    from sent s join rules r on r.id = s.id where r.notice is not null
  )
  -- told runs as its count is read: every asked message answers a row here, so it always is.
  select r.n, r.found, r.shared, r.active, r.accepting, s.id, s.content, s.read_at, s.created_at,
    (select count(*) from told)::int as told
  from rules r left join sent s on s.id = r.id`,
);

/**
 * The time a message's notice carries until the statement writes it (sendIfAllowed), as long as
 * any, so the notice's size is checked as it will be sent. Its key and value are found once in
 * the notice: a quote inside a text is escaped, so no content can hold them.
 */
export const WRITTEN_AT_STAND_IN = new Date(0);
const standIn = JSON.stringify({ created_at: WRITTEN_AT_STAND_IN.toISOString() }).slice(1, -1);

export type SendOutcome = { sent: MessageRow } | { refused: "notFound" | "suspended" | "notAccepting" };

interface Send {
  id: string;
  senderId: string;
  recipientId: string;
  content: string;
  /** What the other processes are told once it is written (Bus.inWrite), with WRITTEN_AT_STAND_IN for its time. */
  notice: string | null;
}

/**
 * Messages sent while others are written go together in the next statement: one commit for all,
 * each answered after it (lib/batched.ts), one statement at a time, so they commit in the order
 * they came. A sender's messages are written one at a time (routes.ts), so a batch holds at most
 * one of a sender's and each sender's messages keep increasing times. A malformed id is refused
 * before it could fail the others' statement.
 */
const sends = perDatabase((db) =>
  batched<Send, SendOutcome>(
    async (asked) => {
      const valid = asked.map((a) => UUID.test(a.id) && UUID.test(a.senderId) && UUID.test(a.recipientId));
      const { rows } = await sendIfAllowed(db).execute({
        ids: uuidArray(asked.map((a, i) => (valid[i] ? a.id : NO_ID))),
        senders: uuidArray(asked.map((a, i) => (valid[i] ? a.senderId : NO_ID))),
        recipients: uuidArray(asked.map((a, i) => (valid[i] ? a.recipientId : NO_ID))),
        contents: JSON.stringify(asked.map((a) => a.content)),
        notices: JSON.stringify(asked.map((a) => a.notice)),
        channel: NOTIFY_CHANNEL,
        standIn,
      });
      const byNumber = new Map(rows.map((row) => [Number(row.n), row]));
      return asked.map((a, i) => outcomeOf(a, byNumber.get(i + 1)));
    },
    { max: 64, aloneOnError: true },
  ),
);

function outcomeOf(asked: Send, row: SendRow | undefined): SendOutcome {
  if (!row?.found || !row.shared) return { refused: "notFound" };
  if (!row.active) return { refused: "suspended" };
  if (!row.accepting || !row.id || !row.created_at) return { refused: "notAccepting" };
  return {
    sent: {
      id: row.id,
      senderId: asked.senderId,
      recipientId: asked.recipientId,
      content: row.content ?? asked.content,
      readAt: row.read_at ? new Date(row.read_at) : null,
      createdAt: new Date(row.created_at),
    },
  };
}

/** Writes the message if the rules allow it (sendIfAllowed), else says which rule refused. */
export function sendChecked(db: Db, send: Send): Promise<SendOutcome> {
  return sends(db)(send);
}

/** Whether any message has passed between the two (a conversation outlives a shared organization). */
export async function haveTalked(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ id: directMessages.id }).from(directMessages).where(between(a, b)).limit(1);
  return !!row;
}

export interface FormerContactRow {
  id: string;
  full_name: string;
  user_type: "voter" | "organization";
  settings: typeof users.$inferSelect.settings;
  last_id: string;
  last_sender_id: string;
  last_content: string;
  /** As text: a raw statement reads times so on both databases (db/pglite-handles.ts). */
  last_created_at: string;
  unread: number;
}

/**
 * The people the user has talked with who share no organization with them any more (one of them
 * left): their conversations stay the user's to read. Talked with: either wrote to the other (the
 * pair index by sender, the received index by recipient). Each with the latest message of the
 * conversation and the unread count, in one statement.
 */
export async function formerContacts(db: Db, userId: string): Promise<FormerContactRow[]> {
  const result = await db.execute(sql`
    select u.id, u.full_name, u.user_type, u.settings,
      last.id as last_id, last.sender_id as last_sender_id, last.content as last_content,
      last.created_at as last_created_at, coalesce(unread.n, 0)::int as unread
    from (
      select recipient_id as id from direct_messages where sender_id = ${userId}
      union
      select sender_id from direct_messages where recipient_id = ${userId}
    ) partner
    join users u on u.id = partner.id
    cross join lateral (
      select d.id, d.sender_id, d.content, d.created_at from direct_messages d
      where (d.sender_id = ${userId} and d.recipient_id = partner.id)
        or (d.sender_id = partner.id and d.recipient_id = ${userId})
      order by d.created_at desc, d.id desc limit 1
    ) last
    left join lateral (
      select count(*) as n from direct_messages d
      where d.recipient_id = ${userId} and d.sender_id = partner.id and d.read_at is null
    ) unread on true
    where partner.id <> ${userId} and not exists (
      select 1 from organization_memberships mine
      join organization_memberships theirs
        on theirs.organization_id = mine.organization_id and theirs.user_id = partner.id
      where mine.user_id = ${userId}
    )`);
  return (result as unknown as { rows: FormerContactRow[] }).rows;
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
