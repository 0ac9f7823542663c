import type { RiskRuleHit } from "../../../../contract/monitoring";
import { automation } from "./automation";
import { duplicateVotes } from "./duplicateVotes";
import { failedVerification } from "./failedVerification";
import { impossibleTravel } from "./impossibleTravel";
import { sharedAddress } from "./sharedAddress";
import { sharedDevice } from "./sharedDevice";
import type { RiskRule, RuleInput } from "./types";

/** Every risk rule; docs/monitoring.md describes each. */
export const RULES: readonly RiskRule[] = [
  sharedDevice,
  sharedAddress,
  failedVerification,
  impossibleTravel,
  automation,
  duplicateVotes,
];

export const ruleById = (id: string): RiskRule | undefined => RULES.find((rule) => rule.id === id);

/**
 * The session's score from the rules that fired: 1 − Π(1 − weight). Each rule closes its share of
 * the distance to 1, so the score only grows as rules fire, never passes 1, and one rule alone
 * scores its own weight. No rule fired: 0.
 */
export function combineScore(hits: Array<Pick<RiskRuleHit, "weight">>): number {
  const remaining = hits.reduce((left, hit) => left * (1 - hit.weight), 1);
  return Math.min(1, Math.max(0, Math.round((1 - remaining) * 10_000) / 10_000));
}

/** Runs every rule on the session; the fired ones, in registry order. */
export async function evaluateRules(input: RuleInput): Promise<RiskRuleHit[]> {
  const hits: RiskRuleHit[] = [];
  for (const rule of RULES) {
    const detail = await rule.evaluate(input);
    if (detail) hits.push({ rule: rule.id, weight: rule.weight, detail });
  }
  return hits;
}
