/** Voter verification: one-time codes, grants and every attempt. */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { elections } from "./elections";

/** One-time codes of Voter's Card and Phone verification; only the hash is kept. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["voters_card", "phone"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_user_election_idx").on(t.userId, t.electionId)],
);

/** A successful verification: lets its voter cast one vote in that election within 10 minutes. */
export const verificationGrants = pgTable(
  "verification_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["national_id", "voters_card", "phone"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_grants_user_election_idx").on(t.userId, t.electionId)],
);

/** Every verification attempt, for monitoring (never the code or the ID number itself). */
export const verificationAttempts = pgTable(
  "verification_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    success: boolean("success").notNull(),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("verification_attempts_election_idx").on(t.electionId, t.createdAt)],
);
