import type { VerificationOutcome } from "../../../../contract/monitoring";
import { cx } from "../../ui/cx";
import { riskPercent, riskTone } from "./format";
import styles from "./MonitoringPage.module.css";
import { text } from "./text";

/** The text colour of each tone a risk or a verification mark takes. */
const TEXT_TONE: Record<string, string> = {
  green: styles.textGreen,
  yellow: styles.textYellow,
  red: styles.textRed,
  grey: styles.textGrey,
};

/** The verification outcome in place of the prototype's biometric match: tick, cross or dash. */
export function VerificationMark({ outcome }: { outcome: VerificationOutcome }) {
  const [mark, label, tone] =
    outcome === "passed"
      ? ["✓", text.verified, "green"]
      : outcome === "failed"
        ? ["✗", text.verificationFailed, "red"]
        : ["–", text.notVerified, "grey"];
  return (
    <span className={cx(styles.mark, TEXT_TONE[tone])} title={label}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The risk as a percentage to 1 decimal in its colour, with the verification mark (spec). */
export function RiskCell({ score, verification }: { score: number; verification: VerificationOutcome }) {
  return (
    <span className={styles.risk}>
      <span className={cx(styles.riskValue, TEXT_TONE[riskTone(score)])} data-testid="risk">
        {riskPercent(score)}
      </span>
      <VerificationMark outcome={verification} />
    </span>
  );
}
