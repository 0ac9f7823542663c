/** Voter lists an administrator imported, the invitations sent from them, and the rolls chosen for elections. */
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { elections } from "./elections";
import { organizations } from "./organizations";
import { outbox } from "./outbox";

/** One imported CSV file: the invitations it sent point back to it, and an election's roll may name it. */
export const voterLists = pgTable(
  "voter_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The file's name. */
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("voter_lists_organization_idx").on(t.organizationId)],
);

/**
 * An invitation by e-mail. Its link's token is kept only as its SHA-256; a resend replaces it (the
 * old link dies). Open (neither accepted nor revoked) invitations are one per address and organization.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    listId: uuid("list_id")
      .notNull()
      .references(() => voterLists.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phoneNumber: text("phone_number").notNull().default(""),
    idType: text("id_type"),
    /** The list's ID number as the keyed hash accounts keep (users.voter_id_hash); a new account must match it. */
    voterIdHash: text("voter_id_hash"),
    /** Kept for weighted elections later. */
    weight: doublePrecision("weight").notNull().default(1),
    tokenHash: text("token_hash").notNull(),
    /** The hashes of the links a Resend replaced: such a link is told it was replaced, not "not valid". */
    replacedTokenHashes: text("replaced_token_hashes").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The e-mail that carries the current link: its state is the invitation's sending, sent or failed. */
    outboxId: uuid("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_key").on(t.tokenHash),
    uniqueIndex("invitations_open_email_key")
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("invitations_list_idx").on(t.listId),
    check("invitations_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * An election whose roll the administrator chose (no row: every voter member). The roll is the
 * voter members picked plus the people of the lists picked who joined, fixed when voting opens.
 */
export const electionRolls = pgTable("election_rolls", {
  electionId: uuid("election_id")
    .primaryKey()
    .references(() => elections.id, { onDelete: "cascade" }),
  chosenBy: uuid("chosen_by").references(() => users.id, { onDelete: "set null" }),
  chosenAt: createdAt(),
});

export const electionRollMembers = pgTable(
  "election_roll_members",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => electionRolls.electionId, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.userId] })],
);

export const electionRollLists = pgTable(
  "election_roll_lists",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => electionRolls.electionId, { onDelete: "cascade" }),
    listId: uuid("list_id")
      .notNull()
      .references(() => voterLists.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.listId] })],
);
