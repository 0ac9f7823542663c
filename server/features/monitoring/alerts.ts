import { and, eq, isNull } from "drizzle-orm";
import { monitoringMessages, RISK_RULE_LABELS, type RiskRuleHit } from "../../../contract/monitoring";
import type { Db, Tx } from "../../db/connect";
import { securityAlerts } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { requireAdmin } from "../organizations/policy";
import { ruleById } from "./rules";
import type { SessionRow } from "./rules/types";

export type AlertRow = typeof securityAlerts.$inferSelect;

/**
 * One alert per fired rule and session, stored with the rule's type and severity; a rule that
 * keeps firing on the session raises nothing new (the unique (session, rule) index holds that,
 * also when two updates of the session race). Returns the ids of the alerts raised now.
 */
export async function raiseAlerts(
  tx: Tx,
  session: SessionRow,
  hits: RiskRuleHit[],
  now: Date,
): Promise<string[]> {
  const values = hits.flatMap((hit) => {
    const rule = ruleById(hit.rule);
    if (!rule) return [];
    return [
      {
        organizationId: session.organizationId,
        sessionId: session.id,
        userId: session.userId,
        type: rule.alert.type,
        severity: rule.alert.severity,
        rule: rule.id,
        description: `${RISK_RULE_LABELS[rule.id]}: ${hit.detail}`,
        createdAt: now,
      },
    ];
  });
  if (values.length === 0) return [];
  const raised = await tx
    .insert(securityAlerts)
    .values(values)
    .onConflictDoNothing({ target: [securityAlerts.sessionId, securityAlerts.rule] })
    .returning({ id: securityAlerts.id });
  return raised.map((row) => row.id);
}

/** Marks the alert resolved by this administrator (resolving twice keeps the first resolution). */
export async function resolveAlert(
  db: Db,
  user: User,
  alertId: string,
  now: Date,
): Promise<{ alert: AlertRow; changed: boolean }> {
  const [alert] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, alertId));
  if (!alert) throw notFound(monitoringMessages.alertNotFound);
  await requireAdmin(db, user, alert.organizationId);
  const [resolved] = await db
    .update(securityAlerts)
    .set({ resolvedAt: now, resolvedBy: user.id })
    .where(and(eq(securityAlerts.id, alertId), isNull(securityAlerts.resolvedAt)))
    .returning();
  return resolved ? { alert: resolved, changed: true } : { alert, changed: false };
}
