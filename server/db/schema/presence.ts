/** Server processes and who is connected to which: presence across processes. */
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

/** Live server processes; a process that stops beating is forgotten with its connections. */
export const serverProcesses = pgTable("server_processes", {
  id: text("id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

/** Who is connected, from which process: presence across processes. */
export const presence = pgTable(
  "presence",
  {
    processId: text("process_id")
      .notNull()
      .references(() => serverProcesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    connectedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.userId] }), index("presence_user_idx").on(t.userId)],
);
