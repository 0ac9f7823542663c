import { RISK_RULE_LABELS, type RiskRuleHit, type RiskRuleId } from "../../../../contract/monitoring";
import { cx } from "../../ui/cx";
import styles from "./MonitoringPage.module.css";
import { text } from "./text";

const ruleLabel = (rule: string) => RISK_RULE_LABELS[rule as RiskRuleId] ?? rule;

/** The rules that fired on a session, each with its reason and weight. */
export function FiredRules({ rules }: { rules: RiskRuleHit[] }) {
  if (rules.length === 0) return <p className={cx("muted", styles.small)}>{text.noRules}</p>;
  return (
    <ul className={styles.rules}>
      {rules.map((hit) => (
        <li key={hit.rule} className={styles.rule}>
          <strong>{ruleLabel(hit.rule)}</strong>
          <span className={styles.ruleWeight}>+{Math.round(hit.weight * 100)}%</span>
          <span className={styles.ruleDetail}>{hit.detail}</span>
        </li>
      ))}
    </ul>
  );
}
