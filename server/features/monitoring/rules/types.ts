import type { AlertSeverity, AlertType, RiskRuleId } from "../../../../contract/monitoring";
import type { Db, Tx } from "../../../db/connect";
import type { votingSessions } from "../../../db/schema";

export type SessionRow = typeof votingSessions.$inferSelect;

/** What a rule looks at: the session as it is now, the database (for its neighbours) and the time. */
export interface RuleInput {
  db: Db | Tx;
  session: SessionRow;
  now: Date;
}

/**
 * A transparent risk rule: when it fires it says why (`detail`, shown with the session), adds its
 * `weight` to the session's score and raises one alert of its type and severity.
 */
export interface RiskRule {
  id: RiskRuleId;
  /** How much this rule alone adds to the score (0..1); see combineScore. */
  weight: number;
  alert: { type: AlertType; severity: AlertSeverity };
  /** The reason in words when the rule fires, null when it does not. */
  evaluate(input: RuleInput): Promise<string | null>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
