import {
  RISK_RULE_LABELS,
  type RiskRuleHit,
  type RiskRuleId,
  type VerificationOutcome,
} from "../../../../contract/monitoring";
import { LoadFailure } from "../../ui/LoadState";
import { riskPercent, riskTone } from "./format";
import { text } from "./text";

/** The verification outcome in place of the prototype's biometric match: tick, cross or dash. */
export function VerificationMark({ outcome }: { outcome: VerificationOutcome }) {
  const [mark, label, tone] =
    outcome === "passed"
      ? ["✓", text.verified, "green"]
      : outcome === "failed"
        ? ["✗", text.verificationFailed, "red"]
        : ["–", text.notVerified, "grey"];
  return (
    <span className={`mon-mark mon-text-${tone}`} title={label}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The risk as a percentage to 1 decimal in its colour, with the verification mark (spec). */
export function RiskCell({ score, verification }: { score: number; verification: VerificationOutcome }) {
  return (
    <span className="mon-risk">
      <span className={`mon-risk-value mon-text-${riskTone(score)}`} data-testid="risk">
        {riskPercent(score)}
      </span>
      <VerificationMark outcome={verification} />
    </span>
  );
}

export const ruleLabel = (rule: string) => RISK_RULE_LABELS[rule as RiskRuleId] ?? rule;

/** The rules that fired on a session, each with its reason and weight. */
export function FiredRules({ rules }: { rules: RiskRuleHit[] }) {
  if (rules.length === 0) return <p className="muted mon-small">{text.noRules}</p>;
  return (
    <ul className="mon-rules">
      {rules.map((hit) => (
        <li key={hit.rule} className="mon-rule">
          <strong>{ruleLabel(hit.rule)}</strong>
          <span className="mon-rule-weight">+{Math.round(hit.weight * 100)}%</span>
          <span className="mon-rule-detail">{hit.detail}</span>
        </li>
      ))}
    </ul>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return <LoadFailure title={text.loadFailed} message={message} retryLabel={text.retry} onRetry={onRetry} />;
}
