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

/** Runs every rule on the session; the fired ones, in registry order. */
export async function evaluateRules(input: RuleInput): Promise<RiskRuleHit[]> {
  const hits: RiskRuleHit[] = [];
  for (const rule of RULES) {
    const detail = await rule.evaluate(input);
    if (detail) hits.push({ rule: rule.id, weight: rule.weight, detail });
  }
  return hits;
}
