import { endpoint, idParams, typedAnswer } from "./endpoint";
import { type DeviceInfo, type GeoLocation, votingSessionEndpoints } from "./voting-sessions";
import { z } from "./zod";

/** Security monitoring: voting sessions, the risk rules that fired on them, alerts and figures. */

export const SESSION_STATUSES = ["active", "completed", "suspicious", "blocked"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** duplicate_identity: a join held because another member registered the same ID number (no session). */
export const ALERT_TYPES = [
  "identity_theft",
  "suspicious_location",
  "device_anomaly",
  "duplicate_identity",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** An alert type's words, as the screens show it and the platform admin's search matches it. */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  identity_theft: "Identity theft",
  suspicious_location: "Suspicious location",
  device_anomaly: "Device anomaly",
  duplicate_identity: "Duplicate identity",
};
export const ALERT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export type VerificationOutcome = "none" | "passed" | "failed";

/** The risk rules, by id (server/features/monitoring/rules/; docs/monitoring.md explains each). */
export const RISK_RULES = [
  "shared_device",
  "shared_address",
  "failed_verification",
  "impossible_travel",
  "automation",
  "duplicate_votes",
] as const;
export type RiskRuleId = (typeof RISK_RULES)[number];
export const RISK_RULE_LABELS: Record<RiskRuleId, string> = {
  shared_device: "Shared device",
  shared_address: "Many voters on one address",
  failed_verification: "Repeated failed verification",
  impossible_travel: "Impossible travel",
  automation: "Automation signs",
  duplicate_votes: "Repeated duplicate vote attempts",
};

/** The monitoring list shows the newest sessions and alerts, at most this many (spec: limit 50). */
export const MONITORING_LIST_LIMIT = 50;
/** Risk colours (spec): under 0.3 green, under 0.6 yellow, else red. */
export const RISK_LOW_BELOW = 0.3;
export const RISK_MEDIUM_BELOW = 0.6;
/** A session at or above this risk is marked suspicious (the yellow band starts here). */
export const SUSPICIOUS_RISK = RISK_LOW_BELOW;
/** The monitoring list lists this many sessions of a voter's history in Investigate. */
export const HISTORY_LIMIT = 50;

export const monitoringMessages = {
  sessionNotFound: "Voting session not found",
  alertNotFound: "Alert not found",
  belowBlockRisk: (threshold: number) =>
    `Only sessions with a risk of ${(threshold * 100).toFixed(0)}% or more can be blocked.`,
  notBlocked: "This session is not blocked.",
  votingOver: "Voting in this election has ended: a block would stop no vote.",
} as const;

/** A fired rule as stored with the session. */
export interface RiskRuleHit {
  rule: string;
  weight: number;
  detail: string;
}

/**
 * The session's score from the rules that fired: 1 − Π(1 − weight). Each rule closes its share of
 * the distance to 1, so the score only grows as rules fire, never passes 1, and one rule alone
 * scores its own weight. No rule fired: 0.
 */
export function combineScore(hits: Array<Pick<RiskRuleHit, "weight">>): number {
  const remaining = hits.reduce((left, hit) => left * (1 - hit.weight), 1);
  return Math.min(1, Math.max(0, Math.round((1 - remaining) * 10_000) / 10_000));
}

export interface MonitoredSession {
  id: string;
  user_id: string;
  full_name: string;
  email: string;
  election_id: string | null;
  election_title: string | null;
  /** Its election's voting is over (completed or cancelled): a block would stop no vote, and none is offered. */
  voting_over: boolean;
  ip_address: string;
  device_hash: string;
  location: GeoLocation | null;
  device_info: Partial<DeviceInfo>;
  status: SessionStatus;
  risk_score: number;
  risk_rules: RiskRuleHit[];
  verification: VerificationOutcome;
  failed_verifications: number;
  duplicate_attempts: number;
  created_at: string;
  updated_at: string;
}

export interface SecurityAlert {
  id: string;
  session_id: string | null;
  user_id: string | null;
  full_name: string | null;
  type: AlertType;
  severity: AlertSeverity;
  rule: string;
  description: string;
  resolved: boolean;
  resolved_at: string | null;
  created_at: string;
}

export interface MonitoringStats {
  /** Sessions still under way: active or suspicious (neither completed nor blocked). */
  active_sessions: number;
  /** Unresolved alerts. */
  suspicious_activity: number;
  /** Sessions blocked by an administrator. */
  blocked_attempts: number;
  /** Passed verification attempts over all attempts, in percent (null when none yet). */
  verification_pass_rate: number | null;
  /** Every session recorded in this organization. */
  total_monitored: number;
}

export interface MonitoringAnalytics {
  verification: { attempts: number; passed: number; failed: number; pass_rate: number | null };
  duplicates: {
    attempts: number;
    sessions_with_duplicates: number;
    sessions: number;
    /** Sessions with a duplicate vote attempt over all sessions, in percent (null when none). */
    rate: number | null;
  };
  alerts: {
    total: number;
    unresolved: number;
    by_type: Record<AlertType, number>;
    by_severity: Record<AlertSeverity, number>;
  };
  /** Each rule (registry order) with its weight and the sessions on which it fired. */
  rule_hits: Array<{ rule: RiskRuleId; weight: number; sessions: number }>;
  /** Sessions by risk colour band. */
  risk_bands: { low: number; medium: number; high: number };
  /** The highest severity among unresolved alerts; null when there are none. */
  threat_level: AlertSeverity | null;
}

/** GET /api/organizations/:id/monitoring: the whole screen, read at `updated_at`. */
export interface MonitoringOverview {
  updated_at: string;
  /** MONITORING_BLOCK_RISK: sessions at or above this risk may be blocked. */
  block_risk: number;
  stats: MonitoringStats;
  /** The organization's elections, newest first: the sessions table's election filter. */
  elections: Array<{ id: string; title: string }>;
  /** The election the sessions were filtered by (null: all). */
  election_id: string | null;
  sessions: MonitoredSession[];
  alerts: SecurityAlert[];
  analytics: MonitoringAnalytics;
}

/** GET /api/organizations/:id/monitoring?election_id=…: the sessions of one election only. */
export const monitoringQuery = z.strictObject({ election_id: z.uuid().optional() });

/** GET /api/monitoring/sessions/:id: one session, its alerts and the voter's history here. */
export interface SessionInvestigation {
  block_risk: number;
  session: MonitoredSession;
  alerts: SecurityAlert[];
  history: MonitoredSession[];
  verification_attempts: Array<{
    election_title: string;
    method: string;
    success: boolean;
    ip: string;
    created_at: string;
  }>;
}

/** A session blocked or unblocked: its new status. */
export interface SessionStatusChange {
  id: string;
  status: SessionStatus;
}

/** Security monitoring's endpoints: the voter's session record, and the organization's screen. */
export const monitoringEndpoints = {
  ...votingSessionEndpoints,
  /** The monitoring screen: stat cards, sessions, alerts and analytics, read together. */
  overview: endpoint({
    method: "GET",
    path: "/api/organizations/:id/monitoring",
    access: "organization",
    params: idParams,
    query: monitoringQuery,
    response: typedAnswer<MonitoringOverview>(),
  }),
  investigate: endpoint({
    method: "GET",
    path: "/api/monitoring/sessions/:id",
    access: "organization",
    params: idParams,
    response: typedAnswer<SessionInvestigation>(),
  }),
  resolveAlert: endpoint({
    method: "POST",
    path: "/api/monitoring/alerts/:id/resolve",
    access: "organization",
    params: idParams,
    response: typedAnswer<{ id: string; resolved: true; resolved_at: string | null }>(),
  }),
  block: endpoint({
    method: "POST",
    path: "/api/monitoring/sessions/:id/block",
    access: "organization",
    params: idParams,
    response: typedAnswer<SessionStatusChange>(),
  }),
  unblock: endpoint({
    method: "POST",
    path: "/api/monitoring/sessions/:id/unblock",
    access: "organization",
    params: idParams,
    response: typedAnswer<SessionStatusChange>(),
  }),
};
