import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import {
  HISTORY_LIMIT,
  MONITORING_LIST_LIMIT,
  type MonitoredSession,
  monitoringMessages,
  type SecurityAlert,
  type SessionInvestigation,
} from "../../../contract/monitoring";
import type { Db } from "../../db/connect";
import { elections, securityAlerts, users, verificationAttempts, votingSessions } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { requireAdmin } from "../organizations/policy";
import { heldPass } from "./monitor";
import { presentAlert, presentSession } from "./presenter";

/** Sessions with their voter's name and e-mail and the election's title, newest first. */
async function sessionsWhere(db: Db, where: SQL | undefined, limit: number): Promise<MonitoredSession[]> {
  const rows = await db
    .select({
      ...getTableColumns(votingSessions),
      fullName: users.fullName,
      email: users.email,
      electionTitle: elections.title,
      electionStatus: elections.status,
    })
    .from(votingSessions)
    .innerJoin(users, eq(users.id, votingSessions.userId))
    .leftJoin(elections, eq(elections.id, votingSessions.electionId))
    .where(where)
    .orderBy(desc(votingSessions.createdAt), desc(votingSessions.id))
    .limit(limit);
  return rows.map(presentSession);
}

async function alertsWhere(db: Db, where: SQL | undefined, limit: number): Promise<SecurityAlert[]> {
  const rows = await db
    .select({ ...getTableColumns(securityAlerts), fullName: users.fullName })
    .from(securityAlerts)
    .leftJoin(users, eq(users.id, securityAlerts.userId))
    .where(where)
    .orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id))
    .limit(limit);
  return rows.map(presentAlert);
}

/** The monitoring list (spec: by organization, newest first, limit 50), of one election when given. */
export const organizationSessions = (db: Db, organizationId: string, electionId?: string) =>
  sessionsWhere(
    db,
    and(
      eq(votingSessions.organizationId, organizationId),
      electionId ? eq(votingSessions.electionId, electionId) : undefined,
    ),
    MONITORING_LIST_LIMIT,
  );

/** The organization's elections, newest first, for the sessions table's filter. */
export const organizationElections = (db: Db, organizationId: string) =>
  db
    .select({ id: elections.id, title: elections.title })
    .from(elections)
    .where(eq(elections.organizationId, organizationId))
    .orderBy(desc(elections.createdAt), desc(elections.id));

export const organizationAlerts = (db: Db, organizationId: string) =>
  alertsWhere(db, eq(securityAlerts.organizationId, organizationId), MONITORING_LIST_LIMIT);

/** The session's organization, for its administrators only (others: as if it did not exist, or 403). */
export async function sessionForAdmin(db: Db, user: User, sessionId: string) {
  const [row] = await db.select().from(votingSessions).where(eq(votingSessions.id, sessionId));
  if (!row) throw notFound(monitoringMessages.sessionNotFound);
  await requireAdmin(db, user, row.organizationId);
  return row;
}

/**
 * Investigate: the session, its alerts, and the voter's history in this organization (their
 * sessions and verification attempts). Nothing of another organization, nothing of a ballot.
 */
export async function investigateSession(
  db: Db,
  user: User,
  sessionId: string,
  blockRisk: number,
): Promise<SessionInvestigation> {
  const row = await sessionForAdmin(db, user, sessionId);
  const inOrganization = eq(votingSessions.organizationId, row.organizationId);
  const [[session], alerts, history, attempts] = await Promise.all([
    sessionsWhere(db, eq(votingSessions.id, sessionId), 1),
    alertsWhere(db, eq(securityAlerts.sessionId, sessionId), MONITORING_LIST_LIMIT),
    sessionsWhere(db, and(inOrganization, eq(votingSessions.userId, row.userId)), HISTORY_LIMIT),
    db
      .select({
        electionTitle: elections.title,
        method: verificationAttempts.method,
        success: verificationAttempts.success,
        ip: verificationAttempts.ip,
        createdAt: verificationAttempts.createdAt,
      })
      .from(verificationAttempts)
      .innerJoin(elections, eq(elections.id, verificationAttempts.electionId))
      .where(
        and(
          eq(verificationAttempts.userId, row.userId),
          eq(elections.organizationId, row.organizationId),
          sql`not ${heldPass(sql`${verificationAttempts}`)}`,
        ),
      )
      .orderBy(desc(verificationAttempts.createdAt))
      .limit(HISTORY_LIMIT),
  ]);
  if (!session) throw notFound(monitoringMessages.sessionNotFound);
  return {
    block_risk: blockRisk,
    session,
    alerts,
    history,
    verification_attempts: attempts.map((a) => ({
      election_title: a.electionTitle,
      method: a.method,
      success: a.success,
      ip: a.ip,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
