import { eq } from "drizzle-orm";
import { combineScore, type SessionStatus, SUSPICIOUS_RISK } from "../../../contract/monitoring";
import type { Tx } from "../../db/connect";
import { votingSessions } from "../../db/schema";
import { raiseAlerts } from "./alerts";
import { evaluateRules } from "./rules";
import type { SessionRow } from "./rules/types";

/**
 * The status a session moves to after its score changed: an open session (active or suspicious)
 * is suspicious from SUSPICIOUS_RISK on; completed and blocked sessions keep their status (the
 * vote happened; a block is lifted only by an administrator).
 */
export function statusAfterScore(status: SessionStatus, score: number): SessionStatus {
  if (status === "completed" || status === "blocked") return status;
  return score >= SUSPICIOUS_RISK ? "suspicious" : "active";
}

export interface Assessment {
  session: SessionRow;
  /** Alerts raised by this assessment (rules that fired on the session for the first time). */
  alertIds: string[];
}

/**
 * Re-evaluates every rule on the session (inside the caller's transaction, the row locked), stores
 * the score, the fired rules and the resulting status, and raises the alerts.
 */
export async function assess(tx: Tx, sessionId: string, now: Date): Promise<Assessment> {
  const [session] = await tx
    .select()
    .from(votingSessions)
    .where(eq(votingSessions.id, sessionId))
    .for("update");
  if (!session) throw new Error(`voting session ${sessionId} vanished`);
  const hits = await evaluateRules({ db: tx, session, now });
  const score = combineScore(hits);
  const [updated] = await tx
    .update(votingSessions)
    .set({ riskScore: score, riskRules: hits, status: statusAfterScore(session.status, score) })
    .where(eq(votingSessions.id, sessionId))
    .returning();
  if (!updated) throw new Error(`voting session ${sessionId} vanished`);
  return { session: updated, alertIds: await raiseAlerts(tx, updated, hits, now) };
}
