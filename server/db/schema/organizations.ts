/** Organizations, their members and the joins waiting for approval. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    website: text("website").notNull().default(""),
    location: text("location").notNull().default(""),
    country: text("country").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    status: text("status", { enum: ["active", "inactive", "suspended"] })
      .notNull()
      .default("active"),
    ownerId: uuid("owner_id")
      .notNull()
      .references((): AnyPgColumn => users.id),
    /** Random, revocable invite code: /join/{code}. */
    inviteCode: text("invite_code").notNull(),
    /** Listed in search and joinable without an invite. */
    isPublic: boolean("is_public").notNull().default(true),
    allowMemberInvites: boolean("allow_member_invites").notNull().default(false),
    requireApproval: boolean("require_approval").notNull().default(false),
    /** The owner signs in with a TOTP code as well. */
    twoFactorRequired: boolean("two_factor_required").notNull().default(false),
    timezone: text("timezone").notNull().default("UTC"),
    createdAt: createdAt(),
  },
  (t) => [
    check("organizations_status_check", sql`${t.status} in ('active', 'inactive', 'suspended')`),
    index("organizations_owner_idx").on(t.ownerId),
    uniqueIndex("organizations_invite_code_key").on(t.inviteCode),
  ],
);

/** Joins waiting for an admin when the organization requires approval. */
export const joinRequests = pgTable(
  "join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("pending"),
    /**
     * Held because this member registered the same ID number as the requester: the join waits
     * for the administrator whatever the organization's approval setting.
     */
    duplicateOfUserId: uuid("duplicate_of_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("join_requests_pending_key")
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    check("join_requests_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

export const organizationMemberships = pgTable(
  "organization_memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    /** The member's users.voter_id_hash, copied at joining so the database holds one roll entry per ID number. */
    voterIdHash: text("voter_id_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("organization_memberships_org_user_key").on(t.organizationId, t.userId),
    /** One person, one place on the roll: two accounts with one ID number never both get in. */
    uniqueIndex("organization_memberships_voter_id_key")
      .on(t.organizationId, t.voterIdHash)
      .where(sql`${t.voterIdHash} is not null`),
    index("organization_memberships_user_idx").on(t.userId),
    check("organization_memberships_role_check", sql`${t.role} in ('admin', 'member')`),
  ],
);

/**
 * Memberships that ended (left, or removed by an administrator), kept for the member's own Recent
 * Activity: the organization's name as it was, the role, and when it began and ended.
 */
export const membershipHistory = pgTable(
  "membership_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationName: text("organization_name").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    reason: text("reason", { enum: ["left", "removed"] }).notNull(),
  },
  (t) => [index("membership_history_user_idx").on(t.userId)],
);
