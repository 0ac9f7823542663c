import { performance } from "node:perf_hooks";
import { desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { ALERT_TYPE_LABELS, ALERT_TYPES } from "../../../contract/monitoring";
import {
  type AdminMonitoring,
  type AdminOverview,
  RECENT_ORGANIZATIONS,
} from "../../../contract/platform-admin";
import type { Db } from "../../db/connect";
import { containing } from "../../db/like";
import { organizations, securityAlerts } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { disclosedParticipation } from "../elections/queries";

const RECENT_ALERTS = 10;

/**
 * The overview's four counters and the newest organizations, each counted from the rows:
 * members are all accounts (voters and organization users, as the Members tab lists them); votes
 * are voters who voted in an election, counted once per election (as each election's votes_cast
 * and the organization profile's Total Votes Cast count them: while voting is open, only
 * participations a seal disclosed).
 */
export async function adminOverview(db: Db): Promise<AdminOverview> {
  const [[counts], recent] = await Promise.all([
    db
      .execute(sql`
      select
        (select count(*)::int from organizations) as total_organizations,
        (select count(*)::int from organizations where status = 'active') as active_organizations,
        (select count(*)::int from users) as total_members,
        (select count(*)::int from (select distinct p.election_id, p.user_id from participations p
          join elections e on e.id = p.election_id where ${disclosedParticipation("p", "e")}) voted) as total_votes
    `)
      .then(
        (result) => (result as unknown as { rows: Array<Omit<AdminOverview, "recent_organizations">> }).rows,
      ),
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        status: organizations.status,
        createdAt: organizations.createdAt,
      })
      .from(organizations)
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(RECENT_ORGANIZATIONS),
  ]);
  return {
    total_organizations: counts?.total_organizations ?? 0,
    active_organizations: counts?.active_organizations ?? 0,
    total_members: counts?.total_members ?? 0,
    total_votes: counts?.total_votes ?? 0,
    recent_organizations: recent.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** An alert the search finds: in its description, its organization's name, its type's words or severity. */
function alertMatching(q: string) {
  const term = q.toLowerCase();
  const types = ALERT_TYPES.filter((type) => ALERT_TYPE_LABELS[type].toLowerCase().includes(term));
  const pattern = containing(q);
  return or(
    ilike(securityAlerts.description, pattern),
    ilike(organizations.name, pattern),
    ilike(securityAlerts.severity, pattern),
    types.length ? inArray(securityAlerts.type, types) : undefined,
  );
}

/** Round trip of a trivial query, in milliseconds (null when the database does not answer). */
async function databaseLatency(db: Db): Promise<number | null> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

/**
 * The platform's monitoring figures, measured now: voting sessions in progress and flagged, open
 * alerts, the newest alerts of every organization, and health as it can be measured honestly:
 * the database answers (and how fast), the server processes whose heartbeat it saw in the last
 * 30 seconds (by the database's clock, as presence judges them), and the users connected now.
 * A search (`q`) looks through every alert: its description, organization, type's words, severity.
 */
export async function adminMonitoring(db: Db, clock: Clock, q = ""): Promise<AdminMonitoring> {
  const latency = await databaseLatency(db);
  const [figures] = (
    (await db.execute(sql`
      select
        -- Under way, as the organizations' own figure counts them: a suspicious session too.
        (select count(*)::int from voting_sessions where status in ('active', 'suspicious')) as active_sessions,
        (select count(*)::int from voting_sessions where status in ('suspicious', 'blocked')) as flagged_sessions,
        (select count(*)::int from security_alerts where resolved_at is null) as unresolved_alerts,
        (select count(*)::int from server_processes where seen_at > now() - interval '30 seconds') as live_processes,
        (select count(distinct p.user_id)::int from presence p
           join server_processes s on s.id = p.process_id and s.seen_at > now() - interval '30 seconds') as connected_users
    `)) as unknown as {
      rows: Array<{
        active_sessions: number;
        flagged_sessions: number;
        unresolved_alerts: number;
        live_processes: number;
        connected_users: number;
      }>;
    }
  ).rows;
  const alerts = await db
    .select({ alert: securityAlerts, organizationName: organizations.name })
    .from(securityAlerts)
    .innerJoin(organizations, eq(organizations.id, securityAlerts.organizationId))
    .where(q ? alertMatching(q) : undefined)
    .orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id))
    .limit(RECENT_ALERTS);
  return {
    active_sessions: figures?.active_sessions ?? 0,
    flagged_sessions: figures?.flagged_sessions ?? 0,
    unresolved_alerts: figures?.unresolved_alerts ?? 0,
    health: {
      database: latency === null ? "unreachable" : "reachable",
      database_latency_ms: latency,
      live_processes: figures?.live_processes ?? 0,
      connected_users: figures?.connected_users ?? 0,
    },
    recent_alerts: alerts.map(({ alert, organizationName }) => ({
      id: alert.id,
      organization_id: alert.organizationId,
      organization_name: organizationName,
      type: alert.type,
      severity: alert.severity,
      description: alert.description,
      created_at: alert.createdAt.toISOString(),
      resolved: alert.resolvedAt !== null,
    })),
    measured_at: clock.now().toISOString(),
  };
}
