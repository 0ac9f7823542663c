import { sql } from "drizzle-orm";
import {
  ALERT_SEVERITIES,
  ALERT_TYPES,
  type AlertSeverity,
  type AlertType,
  type MonitoringAnalytics,
  type MonitoringStats,
  RISK_LOW_BELOW,
  RISK_MEDIUM_BELOW,
} from "../../../contract/monitoring";
import type { Db } from "../../db/connect";
import { heldPass } from "./monitor";
import { RULES } from "./rules";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** Sessions by status, duplicates and risk band: one pass over the organization's sessions. */
async function sessionFigures(db: Db, organizationId: string) {
  const [row] = rowsOf<{
    total: number;
    active: number;
    blocked: number;
    with_duplicates: number;
    duplicate_attempts: number;
    low: number;
    medium: number;
    high: number;
  }>(
    await db.execute(sql`
      select count(*)::int as total,
        -- In an election right now: not completed nor blocked, whatever its risk (a suspicious one too).
        count(*) filter (where status in ('active', 'suspicious'))::int as active,
        count(*) filter (where status = 'blocked')::int as blocked,
        count(*) filter (where duplicate_attempts > 0)::int as with_duplicates,
        coalesce(sum(duplicate_attempts), 0)::int as duplicate_attempts,
        count(*) filter (where risk_score < ${RISK_LOW_BELOW})::int as low,
        count(*) filter (where risk_score >= ${RISK_LOW_BELOW} and risk_score < ${RISK_MEDIUM_BELOW})::int as medium,
        count(*) filter (where risk_score >= ${RISK_MEDIUM_BELOW})::int as high
      from voting_sessions where organization_id = ${organizationId}`),
  );
  if (!row) throw new Error("aggregate returned no row");
  return row;
}

/** Identity verification attempts in the organization's elections (the verification log). */
async function verificationFigures(db: Db, organizationId: string) {
  const [row] = rowsOf<{ attempts: number; passed: number }>(
    await db.execute(sql`
      select count(*)::int as attempts, count(*) filter (where a.success)::int as passed
      from verification_attempts a join elections e on e.id = a.election_id
      where e.organization_id = ${organizationId} and not ${heldPass(sql`a`)}`),
  );
  return { attempts: row?.attempts ?? 0, passed: row?.passed ?? 0 };
}

async function alertFigures(db: Db, organizationId: string) {
  return rowsOf<{ type: AlertType; severity: AlertSeverity; open: boolean; n: number }>(
    await db.execute(sql`
      select type, severity, resolved_at is null as open, count(*)::int as n
      from security_alerts where organization_id = ${organizationId}
      group by type, severity, resolved_at is null`),
  );
}

/** Sessions on which each rule fired, read from the fired rules stored with each session. */
async function ruleHitFigures(db: Db, organizationId: string) {
  return rowsOf<{ rule: string; n: number }>(
    await db.execute(sql`
      select hit ->> 'rule' as rule, count(distinct s.id)::int as n
      from voting_sessions s cross join lateral jsonb_array_elements(s.risk_rules) as hit
      where s.organization_id = ${organizationId}
      group by hit ->> 'rule'`),
  );
}

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** The five stat cards and the Risk Analytics tab: every figure counted from the organization's rows. */
export async function monitoringFigures(
  db: Db,
  organizationId: string,
): Promise<{ stats: MonitoringStats; analytics: MonitoringAnalytics }> {
  const [sessions, verification, alertRows, ruleRows] = await Promise.all([
    sessionFigures(db, organizationId),
    verificationFigures(db, organizationId),
    alertFigures(db, organizationId),
    ruleHitFigures(db, organizationId),
  ]);
  const byType = zeroes(ALERT_TYPES);
  const bySeverity = zeroes(ALERT_SEVERITIES);
  let total = 0;
  let unresolved = 0;
  let threat: AlertSeverity | null = null;
  for (const row of alertRows) {
    byType[row.type] += row.n;
    bySeverity[row.severity] += row.n;
    total += row.n;
    if (!row.open) continue;
    unresolved += row.n;
    if (!threat || ALERT_SEVERITIES.indexOf(row.severity) > ALERT_SEVERITIES.indexOf(threat))
      threat = row.severity;
  }
  const hitsByRule = new Map(ruleRows.map((row) => [row.rule, row.n]));
  const ruleHits = RULES.map((rule) => ({
    rule: rule.id,
    weight: rule.weight,
    sessions: hitsByRule.get(rule.id) ?? 0,
  }));
  const passRate = percent(verification.passed, verification.attempts);
  return {
    stats: {
      active_sessions: sessions.active,
      suspicious_activity: unresolved,
      blocked_attempts: sessions.blocked,
      verification_pass_rate: passRate,
      total_monitored: sessions.total,
    },
    analytics: {
      verification: {
        attempts: verification.attempts,
        passed: verification.passed,
        failed: verification.attempts - verification.passed,
        pass_rate: passRate,
      },
      duplicates: {
        attempts: sessions.duplicate_attempts,
        sessions_with_duplicates: sessions.with_duplicates,
        sessions: sessions.total,
        rate: percent(sessions.with_duplicates, sessions.total),
      },
      alerts: { total, unresolved, by_type: byType, by_severity: bySeverity },
      rule_hits: ruleHits,
      risk_bands: { low: sessions.low, medium: sessions.medium, high: sessions.high },
      threat_level: threat,
    },
  };
}
