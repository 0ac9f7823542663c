/** Accounts: users, their sessions, sign-in rate limits, password resets. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ACCOUNT_EVENT_KINDS } from "../../../contract/profile";
import type { UserSettings } from "../../../contract/settings";
import { createdAt } from "./columns";
import { organizations } from "./organizations";

/** Voters and organization users in one table; user_type tells them apart. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull(),
    userType: text("user_type", { enum: ["voter", "organization"] }).notNull(),
    phoneNumber: text("phone_number"),
    idType: text("id_type"),
    /** Keyed hash (HMAC) of the registered ID number; the number itself is never stored. */
    voterIdHash: text("voter_id_hash"),
    /** The organization the user is working in now (a voter may belong to several). */
    organizationId: uuid("organization_id").references((): AnyPgColumn => organizations.id, {
      onDelete: "set null",
    }),
    /** Idle expiry of the user's sessions, in minutes; 0 means "Never" (kept 30 days). */
    sessionTimeoutMinutes: integer("session_timeout_minutes").notNull().default(30),
    /** Notification and privacy choices of the settings screen (channel lists live in channel_preferences). */
    settings: jsonb("settings").$type<Partial<UserSettings>>().notNull().default({}),
    /** TOTP secret (base32) once enrolment starts; enabled when a code confirmed it. */
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The time step (30 s) of the last code accepted: a code is good once, so a step is never used twice. */
    totpLastStep: integer("totp_last_step"),
    /** When the user last changed their name or phone number (Recent Activity), null if never. */
    contactUpdatedAt: timestamp("contact_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_user_type_check", sql`${t.userType} in ('voter', 'organization')`),
  ],
);

/** Server-side sessions. The id is the SHA-256 of the cookie's token, so a leaked table opens nothing. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/** One-time password-reset links; the id is the SHA-256 of the link's token. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * What changed an account's security, for its owner's Recent Activity: a password changed or reset,
 * two-factor sign-in turned on or off, the other sessions signed out. Written with the change
 * itself; `device` is the browser and system that asked (accounts/device.ts), nothing more.
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_EVENT_KINDS }).notNull(),
    device: text("device").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_events_user_idx").on(t.userId, t.createdAt)],
);
