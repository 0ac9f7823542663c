/** Security monitoring: voting sessions, the rules that fired on them, and alerts. */
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
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

/** A fired risk rule, kept with the session so the screen shows why its score is what it is. */
export interface RiskRuleHit {
  rule: string;
  weight: number;
  detail: string;
}

/**
 * Attempts to vote again made before a seal disclosed the voter's vote: counted on the session at
 * once, they would tell administrators that this voter had voted, and when. They move to the
 * voter's session when a seal discloses the voter (monitor.ts, discloseHeldDuplicates); never shown.
 */
export const heldDuplicateAttempts = pgTable(
  "held_duplicate_attempts",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull(),
    /** The last attempt's address: the session's, should the voter have none by then. */
    ip: text("ip").notNull(),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.userId] })],
);

/**
 * Passed identity verifications not yet disclosed. Every vote needs one just before it, so a pass
 * shown at once would tell administrators, a second ahead, the moment a voter voted. The voter's
 * session learns of it (and attempts from `since` on show in Investigate and the figures) when a
 * seal discloses the voter, or when the election is no longer open (monitor.ts,
 * discloseHeldVerifications). Failed verifications are shown at once: they are what an
 * administrator watches for.
 */
export const heldVerifications = pgTable(
  "held_verifications",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first held pass: passed attempts from then on are not shown while held. */
    since: timestamp("since", { withTimezone: true }).notNull(),
    /** The last pass's address: the session's, should the voter have none by then. */
    ip: text("ip").notNull(),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.userId] })],
);

/** A voter's visit to an election, from opening the channel through verification to casting. */
export const votingSessions = pgTable(
  "voting_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    electionId: uuid("election_id").references(() => elections.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address").notNull().default(""),
    /** The spec's mac_address: a device-fingerprint hash computed in the browser. */
    deviceHash: text("device_hash").notNull().default(""),
    location: jsonb("location").$type<{ latitude: number; longitude: number; accuracy: number } | null>(),
    deviceInfo: jsonb("device_info").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["active", "completed", "suspicious", "blocked"] })
      .notNull()
      .default("active"),
    riskScore: doublePrecision("risk_score").notNull().default(0),
    riskRules: jsonb("risk_rules").$type<RiskRuleHit[]>().notNull().default([]),
    /** In place of the prototype's biometric flag: the outcome of identity verification. */
    verification: text("verification", { enum: ["none", "passed", "failed"] })
      .notNull()
      .default("none"),
    failedVerifications: integer("failed_verifications").notNull().default(0),
    duplicateAttempts: integer("duplicate_attempts").notNull().default(0),
    blockedBy: uuid("blocked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("voting_sessions_org_created_idx").on(t.organizationId, t.createdAt),
    index("voting_sessions_user_idx").on(t.userId, t.createdAt),
    index("voting_sessions_device_idx").on(t.organizationId, t.deviceHash),
    index("voting_sessions_ip_idx").on(t.organizationId, t.ipAddress, t.createdAt),
    check(
      "voting_sessions_status_check",
      sql`${t.status} in ('active', 'completed', 'suspicious', 'blocked')`,
    ),
    check("voting_sessions_risk_check", sql`${t.riskScore} >= 0 and ${t.riskScore} <= 1`),
  ],
);

export const securityAlerts = pgTable(
  "security_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => votingSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type", {
      enum: ["identity_theft", "suspicious_location", "device_anomaly", "duplicate_identity"],
    }).notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    /** The risk rule that raised it ("duplicate_identity" for a join held for its ID number). */
    rule: text("rule").notNull(),
    description: text("description").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_alerts_org_idx").on(t.organizationId, t.createdAt),
    /** A rule raises one alert per session. */
    uniqueIndex("security_alerts_session_rule_key").on(t.sessionId, t.rule),
    check(
      "security_alerts_type_check",
      sql`${t.type} in ('identity_theft', 'suspicious_location', 'device_anomaly', 'duplicate_identity')`,
    ),
    check("security_alerts_severity_check", sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
  ],
);
