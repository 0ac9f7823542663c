import {
  combineScore,
  RISK_RULE_LABELS,
  type RiskRuleHit,
  type RiskRuleId,
} from "../../../../contract/monitoring";
import { cx } from "../../ui/cx";
import styles from "./MonitoringPage.module.css";
import { text } from "./text";

const ruleLabel = (rule: string) => RISK_RULE_LABELS[rule as RiskRuleId] ?? rule;

const percent = (weight: number) => `${Math.round(weight * 1000) / 10}%`;

/**
 * The rules that fired on a session, each with its reason and weight, and how the weights make the
 * risk when several fired (they combine, they do not add up: 50% and 40% make 70%).
 */
export function FiredRules({ rules }: { rules: RiskRuleHit[] }) {
  if (rules.length === 0) return <p className={cx("muted", styles.small)}>{text.noRules}</p>;
  return (
    <>
      <ul className={styles.rules}>
        {rules.map((hit) => (
          <li key={hit.rule} className={styles.rule}>
            <strong>{ruleLabel(hit.rule)}</strong>
            <span className={styles.ruleWeight}>{percent(hit.weight)}</span>
            <span className={styles.ruleDetail}>{hit.detail}</span>
          </li>
        ))}
      </ul>
      {rules.length > 1 && (
        <p className={cx("muted", styles.small)}>
          {text.combinedRisk(
            rules.map((hit) => percent(hit.weight)),
            percent(combineScore(rules)),
          )}
        </p>
      )}
    </>
  );
}
