import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  type ChatContact,
  type ConversationPage,
  chatMessages,
  type DirectMessage,
} from "../../../contract/chat";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { chunksOf, inList } from "../../db/params";
import { directMessages, users } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/db-errors";
import type { Bus } from "../../realtime/bus";
import { onlineUserIds } from "../../realtime/presence";
import type { User } from "../accounts/sessions";
import { requireMember } from "../organizations/policy";
import { presentFormerContact, presentLastMessage, presentMessage, privacyOf } from "./presenter";
import {
  findUser,
  formerContacts,
  haveTalked,
  lastMessages,
  markRead,
  newestMessages,
  otherMembers,
  sendChecked,
  sharedOrganizations,
  unreadBySender,
  WRITTEN_AT_STAND_IN,
} from "./queries";

/**
 * The people the user may write to in an organization (spec: the other members and the
 * organization's administrators), with presence, the latest message and unread count of each.
 * Latest conversation first, then by name. A fixed number of queries whatever their number.
 */
export async function listContacts(db: Db, user: User, organizationId: string): Promise<ChatContact[]> {
  await requireMember(db, user, organizationId);
  const [people, online, latest, unread, former] = await Promise.all([
    otherMembers(db, user.id, organizationId),
    onlineUserIds(db, organizationId),
    lastMessages(db, user.id, organizationId),
    unreadBySender(db, user.id, organizationId),
    formerContacts(db, user.id),
  ]);
  const onlineNow = new Set(online);
  const contacts = people.map((person) => ({
    id: person.id,
    full_name: person.fullName,
    role: person.role,
    user_type: person.userType,
    online: onlineNow.has(person.id),
    accepts_messages: privacyOf(person.settings).allowDirectMessages,
    shares_organization: true,
    last_message: presentLastMessage(latest.get(person.id), user.id),
    unread_count: unread.get(person.id) ?? 0,
  }));
  // A conversation outlives a shared organization: the people talked with who share none any
  // more stay in the list (read-only), or their history could not be reached.
  contacts.push(...former.map((person) => presentFormerContact(person, user.id)));
  // Stable sort: those without a conversation keep the query's order by name.
  const latestAt = (contact: ChatContact) => contact.last_message?.created_at ?? "";
  return contacts.sort((a, b) => (latestAt(a) < latestAt(b) ? 1 : latestAt(a) > latestAt(b) ? -1 : 0));
}

/**
 * Whom the user may open a conversation with: anyone sharing an organization, or anyone they have
 * already talked to (the history stays theirs after one of them leaves). Strangers are not found.
 */
async function conversationPartner(db: Db, user: User, otherId: string) {
  const other = await findUser(db, otherId);
  if (!other || other.id === user.id) throw notFound(chatMessages.userNotFound);
  const shared = await sharedOrganizations(db, user.id, otherId);
  if (shared.length === 0 && !(await haveTalked(db, user.id, otherId))) {
    throw notFound(chatMessages.userNotFound);
  }
  return other;
}

/** The conversation's latest messages (50), oldest first; `before` pages back through earlier ones. */
export async function readConversation(
  db: Db,
  user: User,
  otherId: string,
  page: { before?: string; limit: number },
): Promise<ConversationPage> {
  const other = await conversationPartner(db, user, otherId);
  const receipts = privacyOf(other.settings).showReadReceipts;
  const newest = await newestMessages(db, user.id, otherId, { before: page.before, limit: page.limit + 1 });
  return {
    messages: newest
      .slice(0, page.limit)
      .reverse()
      .map((row) => presentMessage(row, user.id, receipts)),
    has_more: newest.length > page.limit,
  };
}

/**
 * Sends a direct message: only to someone sharing an organization that is not suspended, and only
 * if they accept direct messages. Returns the message as both parties see it when it is new, and
 * announces it (`message.created` to the recipient and the sender's other tabs): to the other
 * processes by the write itself (Bus.inWrite), to this one's once written. A send repeated after
 * its answer was lost is answered as it was first written, and not announced again.
 */
export async function sendMessage(
  db: Db,
  bus: Bus,
  user: User,
  recipientId: string,
  content: string,
  clientId?: string,
): Promise<DirectMessage> {
  if (recipientId === user.id) throw badRequest(chatMessages.toSelf);
  // A send repeated after its answer was lost (its id taken): the message as it was written. Found
  // only when the write refuses it: a first send reads nothing more.
  const repeated = async () => {
    const [row] = clientId
      ? await db.select().from(directMessages).where(eq(directMessages.id, clientId))
      : [];
    // Another's, or the same id with other content (not a repeat: acknowledged, its text would be lost).
    if (row?.senderId !== user.id || row.recipientId !== recipientId || row.content !== content)
      throw conflict(chatMessages.idTaken);
    return presentMessage(row, user.id);
  };
  const id = clientId ?? randomUUID();
  const draft = { id, senderId: user.id, recipientId, content, readAt: null, createdAt: WRITTEN_AT_STAND_IN };
  const announced = bus.inWrite(
    [`user:${recipientId}`, `user:${user.id}`],
    "message.created",
    presentMessage(draft, user.id),
  );
  let outcome: Awaited<ReturnType<typeof sendChecked>>;
  try {
    outcome = await sendChecked(db, { ...draft, notice: announced.text });
  } catch (error) {
    // Written before, or the same send twice at once: the one written first answers both.
    if (clientId && isUniqueViolation(error, "direct_messages_pkey")) return repeated();
    throw error;
  }
  if ("refused" in outcome) {
    if (outcome.refused === "notFound") throw notFound(chatMessages.userNotFound);
    throw forbidden(
      outcome.refused === "suspended" ? messages.organizationSuspended : chatMessages.notAccepting,
    );
  }
  const sent = presentMessage(outcome.sent, user.id);
  announced.deliver(sent);
  return sent;
}

/**
 * One message from `sender` to each of `recipientIds` that accepts direct messages (an election
 * reminder), in the caller's transaction; the caller publishes `message.created` after commit.
 * The recipients are members of an organization the sender administers.
 */
export async function sendToMany(
  db: Db,
  sender: User,
  recipientIds: string[],
  content: string,
): Promise<DirectMessage[]> {
  // However many: the ids as one array parameter, the messages a thousand to a statement (db/params.ts).
  const people = recipientIds.length
    ? await db
        .select({ id: users.id, settings: users.settings })
        .from(users)
        .where(inList(users.id, recipientIds))
    : [];
  const accepting = people.filter((p) => p.id !== sender.id && privacyOf(p.settings).allowDirectMessages);
  const sent: DirectMessage[] = [];
  for (const chunk of chunksOf(accepting)) {
    const rows = await db
      .insert(directMessages)
      .values(chunk.map((p) => ({ senderId: sender.id, recipientId: p.id, content })))
      .returning();
    for (const row of rows) sent.push(presentMessage(row, sender.id));
  }
  return sent;
}

/**
 * Marks the messages `otherId` sent the user as read. Whether the sender may hear of it follows
 * the reader's own "show read receipts" choice.
 */
export async function readMessagesFrom(
  db: Db,
  clock: Clock,
  user: User,
  otherId: string,
): Promise<{ marked: number; readAt: Date; tellSender: boolean }> {
  await conversationPartner(db, user, otherId);
  const readAt = clock.now();
  const marked = await markRead(db, user.id, otherId, readAt);
  return { marked, readAt, tellSender: privacyOf(user.settings).showReadReceipts };
}

/** Unread direct messages to the user (from the organization's members when one is given). */
export async function unreadTotal(db: Db, user: User, organizationId?: string): Promise<number> {
  if (organizationId) await requireMember(db, user, organizationId);
  const bySender = await unreadBySender(db, user.id, organizationId);
  let total = 0;
  for (const n of bySender.values()) total += n;
  return total;
}
