/** Direct messages between members of one organization. */
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const directMessages = pgTable(
  "direct_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("direct_messages_pair_idx").on(t.senderId, t.recipientId, t.createdAt),
    // Whom a user has received from (former contacts: a conversation only ever received and read),
    // and a deleted user's received messages found without scanning the table.
    index("direct_messages_received_idx").on(t.recipientId, t.senderId),
    index("direct_messages_unread_idx").on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
    index("direct_messages_search_document_idx").using("gin", sql`search_document(${t.content})`),
  ],
);
