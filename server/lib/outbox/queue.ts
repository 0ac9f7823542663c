import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect";
import { chunksOf } from "../../db/params";
import { arrayRows } from "../../db/prepared";
import { outbox, users } from "../../db/schema";
import type { Letter } from "./templates";

/** A message as the outbox keeps it until the worker sends it. */
export interface QueuedMessage {
  channel: "email" | "sms";
  to: string;
  letter: Letter;
  /** When what it carries runs out (a code, a link): the worker records it as failed rather than send it late. */
  expiresAt?: Date;
  /** Chosen by the caller when a row of its own points at the message (an invitation follows its e-mail's state). */
  id?: string;
}

const row = ({ channel, to, letter, expiresAt, id }: QueuedMessage): typeof outbox.$inferInsert => ({
  ...(id && { id }),
  channel,
  recipient: to,
  kind: letter.kind,
  subject: letter.subject,
  sender: letter.sender,
  // An SMS carries its short text; an e-mail its plain-text and HTML parts.
  body: channel === "sms" ? letter.sms : letter.text,
  html: channel === "sms" ? null : letter.html,
  expiresAt: expiresAt ?? null,
});

/**
 * Queues one message in the caller's transaction (or statement): it leaves only if what caused it
 * commits, and the request never waits for a mail server. The outbox worker sends it.
 */
export async function queueMessage(db: Db | Tx, message: QueuedMessage): Promise<void> {
  await db.insert(outbox).values(row(message));
}

/** Queues many messages (invitations, notices to a whole roll) in the caller's transaction. */
export async function queueMessages(db: Db | Tx, messages: QueuedMessage[]): Promise<void> {
  for (const chunk of chunksOf(messages)) await db.insert(outbox).values(chunk.map(row));
}

/**
 * Queues one letter by e-mail to each user `who` names (a condition on the `users` table) at their
 * address, in one statement whatever their number (a notice to a whole roll): the letter goes to the
 * database once, where a row written from here for each recipient sent its 1.4 KB once a recipient
 * (10,000 notices: 1.8 s of the transaction that opened the election, on PGlite). Answers how many.
 * `about`: what can make them stale before they leave (the outbox's `about`).
 */
export async function queueLetterToUsers(
  db: Db | Tx,
  letter: Letter,
  who: SQL,
  about: string | null = null,
): Promise<number> {
  const [row] = await arrayRows<[number]>(
    db as Db,
    sql`with queued as (insert into ${outbox} (channel, recipient, kind, subject, sender, body, html, about)
      select 'email', ${users.email}, ${letter.kind}, ${letter.subject}, ${letter.sender}, ${letter.text}, ${letter.html}, ${about}
      from ${users} where ${who} returning 1)
    select count(*)::int from queued`,
  );
  return row?.[0] ?? 0;
}

/** The address an e-mail goes to, or the phone number of an SMS. */
export const emailTo = (to: string, letter: Letter): QueuedMessage => ({ channel: "email", to, letter });
export const smsTo = (to: string, letter: Letter): QueuedMessage => ({ channel: "sms", to, letter });
