/** The durable outbox: every message to a person (e-mail, SMS), written with what causes it, sent by the outbox worker. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * One row per message. `queued` → `sending` (one worker holds it until `lease_until`) → `sent`, or
 * back to `queued` with a later `next_attempt_at` after a transient failure, or `failed` with the
 * provider's reason. Outside a demo server the body is erased once the message has left (it may hold
 * a code or a reset link, which the database otherwise keeps only hashed).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel", { enum: ["email", "sms"] })
      .notNull()
      .default("email"),
    /** Which template wrote it (verification_code, password_reset, ...): for the log and the admin, never the body. */
    kind: text("kind").notNull().default("notice"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    /** The organization that sends it (the e-mail's From names it); null: Votespace's own. */
    sender: text("sender"),
    /** The plain-text body (the SMS text for an SMS). */
    body: text("body").notNull(),
    html: text("html"),
    state: text("state", { enum: ["queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The provider's reason for the last failure (a transient one while queued, the final one when failed). */
    lastError: text("last_error"),
    /** The provider's id of the sent message (SMTP Message-ID, Twilio's SID), when it gives one. */
    providerId: text("provider_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** After this the message is useless (a verification code, a reset link that ran out): never sent late. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * What the message is about: `election:{id}` on an election's notices and reminders (the panel
     * counts their delivery; voting's end expires those that say voting is open or will open).
     */
    about: text("about"),
    createdAt: createdAt(),
  },
  (t) => [
    check("outbox_state_check", sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    check("outbox_channel_check", sql`${t.channel} in ('email', 'sms')`),
    // The worker's scan: what is due, oldest first; sent and failed rows are never scanned.
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    // The messages about one election: those voting's end expires, and their delivery for its panel.
    index("outbox_about_idx").on(t.about).where(sql`${t.about} is not null`),
  ],
);
