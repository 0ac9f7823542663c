import { and, eq, sql } from "drizzle-orm";
import { monitoringMessages, SUSPICIOUS_RISK } from "../../../contract/monitoring";
import type { Db } from "../../db/connect";
import { elections, votingSessions } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { votingOver } from "./presenter";
import { sessionForAdmin } from "./queries";
import type { SessionRow } from "./rules/types";

/**
 * An administrator blocks a risky session: from then on its voter cannot vote in that election
 * (casting checks for a blocked session in the same statement that writes the ballot). Only a
 * session whose risk reached MONITORING_BLOCK_RISK may be blocked, so a block always has reasons
 * on record, and only while its election's voting is not over (after it, a block stops no vote).
 * Both are checked in the update, against a score or a status changing meanwhile.
 */
export async function blockSession(
  db: Db,
  user: User,
  sessionId: string,
  threshold: number,
  now: Date,
): Promise<SessionRow> {
  const session = await sessionForAdmin(db, user, sessionId);
  if (session.status === "blocked") return session;
  const [blocked] = await db
    .update(votingSessions)
    .set({ status: "blocked", blockedBy: user.id, updatedAt: now })
    .where(
      and(
        eq(votingSessions.id, sessionId),
        sql`${votingSessions.riskScore} >= ${threshold}`,
        sql`not exists (select 1 from ${elections} e where e.id = ${votingSessions.electionId} and e.status in ('completed', 'cancelled'))`,
      ),
    )
    .returning();
  if (blocked) return blocked;
  const [election] = session.electionId
    ? await db
        .select({ status: elections.status })
        .from(elections)
        .where(eq(elections.id, session.electionId))
    : [];
  throw badRequest(
    votingOver(election?.status ?? null)
      ? monitoringMessages.votingOver
      : monitoringMessages.belowBlockRisk(threshold),
  );
}

/**
 * Lifts a block: the session is completed again if a seal has disclosed its voter's vote, else
 * active or suspicious by its score. Never by a participation not yet sealed: block and lift at
 * any moment would otherwise tell an administrator when one voter voted (sessions.ts completes
 * them at the seal for that reason).
 */
export async function unblockSession(db: Db, user: User, sessionId: string, now: Date): Promise<SessionRow> {
  const session = await sessionForAdmin(db, user, sessionId);
  if (session.status !== "blocked") throw badRequest(monitoringMessages.notBlocked);
  const [unblocked] = await db
    .update(votingSessions)
    .set({
      status: sql`case
        when exists (select 1 from participations p where p.election_id = ${votingSessions.electionId} and p.user_id = ${votingSessions.userId} and p.seal_id is not null) then 'completed'
        when ${votingSessions.riskScore} >= ${SUSPICIOUS_RISK} then 'suspicious'
        else 'active' end`,
      blockedBy: null,
      updatedAt: now,
    })
    .where(and(eq(votingSessions.id, sessionId), eq(votingSessions.status, "blocked")))
    .returning();
  return unblocked ?? session;
}
