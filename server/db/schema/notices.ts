/** Election notices and reminders: what an administrator chose to send, and what went out. */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { NoticeSettings } from "../../../contract/election-notices";
import { users } from "./accounts";
import { elections } from "./elections";

/** An election's notice settings; no row: every notice on, no scheduled reminder (DEFAULT_NOTICE_SETTINGS). */
export const electionNoticeSettings = pgTable("election_notice_settings", {
  electionId: uuid("election_id")
    .primaryKey()
    .references(() => elections.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<NoticeSettings>().notNull(),
});

/**
 * Each notice and reminder queued for an election's voters. A notice of the schedule (the
 * announcement, voting open, voting closed, results published, the scheduled reminder) is claimed
 * here in the transaction that queues it, once per election and kind (the partial unique index),
 * whatever the processes and retries; a reminder pressed by an administrator (`manual`) may come
 * again, once an hour (the latest row says when).
 */
export const electionNotices = pgTable(
  "election_notices",
  {
    id: serial("id").primaryKey(),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    manual: boolean("manual").notNull().default(false),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    recipients: integer("recipients").notNull().default(0),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("election_notices_once_idx").on(t.electionId, t.kind).where(sql`not ${t.manual}`),
    index("election_notices_election_idx").on(t.electionId, t.queuedAt),
  ],
);
