import {
  ALERT_SEVERITIES,
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  type MonitoringAnalytics,
  RISK_RULE_LABELS,
} from "../../../../contract/monitoring";
import { Badge } from "../../ui/Badge";
import { cx } from "../../ui/cx";
import { percentText, SEVERITY_TONE, type Tone } from "./format";
import styles from "./MonitoringPage.module.css";
import { SEVERITY_LABELS, text } from "./text";

interface Bar {
  key: string;
  label: string;
  value: number;
  tone: Tone | "brand";
}

/** Counts as bars, each as long as its share of the largest (all measured, nothing invented). */
function Bars({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul className={styles.bars} aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.bar}>
          <span>{bar.label}</span>
          <span className={styles.barTrack} aria-hidden="true">
            <span
              className={styles.barFill}
              data-tone={bar.tone}
              style={{ width: max > 0 ? `${(bar.value / max) * 100}%` : "0%" }}
            />
          </span>
          <strong className={styles.barValue}>{bar.value}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Risk Analytics: measured figures in place of the prototype's static percentages. */
export function AnalyticsTab({ analytics }: { analytics: MonitoringAnalytics }) {
  const { verification, duplicates, alerts, rule_hits, risk_bands, threat_level } = analytics;
  return (
    <div className={styles.analytics}>
      <section className={styles.panel}>
        <h2>{text.passRate}</h2>
        <strong className={styles.figure} data-testid="analytics-pass-rate">
          {percentText(verification.pass_rate)}
        </strong>
        <p className={cx("muted", styles.small)}>
          {text.passRateDetail(verification.passed, verification.attempts)}
        </p>
        <p className={cx("muted", styles.small)}>{text.heldChecks}</p>
      </section>
      <section className={styles.panel}>
        <h2>{text.duplicateRate}</h2>
        <strong className={styles.figure} data-testid="analytics-duplicate-rate">
          {percentText(duplicates.rate)}
        </strong>
        <p className={cx("muted", styles.small)}>
          {text.duplicateRateDetail(
            duplicates.sessions_with_duplicates,
            duplicates.sessions,
            duplicates.attempts,
          )}
        </p>
      </section>
      <section className={styles.panel}>
        <h2>{text.threatLevel}</h2>
        <span className={styles.figure} data-testid="analytics-threat">
          {threat_level ? (
            <Badge tone={SEVERITY_TONE[threat_level]}>{SEVERITY_LABELS[threat_level]}</Badge>
          ) : (
            <Badge tone="green">{text.noThreat}</Badge>
          )}
        </span>
        <p className={cx("muted", styles.small)}>{text.threatDetail}</p>
      </section>
      <section className={styles.panel}>
        <h2>{text.alertsByType}</h2>
        <p className={cx("muted", styles.small)}>{text.alertsTotal(alerts.total, alerts.unresolved)}</p>
        <Bars
          label={text.alertsByType}
          bars={ALERT_TYPES.map((type) => ({
            key: type,
            label: ALERT_TYPE_LABELS[type],
            value: alerts.by_type[type],
            tone: "brand",
          }))}
        />
      </section>
      <section className={styles.panel}>
        <h2>{text.alertsBySeverity}</h2>
        <Bars
          label={text.alertsBySeverity}
          bars={ALERT_SEVERITIES.map((severity) => ({
            key: severity,
            label: SEVERITY_LABELS[severity],
            value: alerts.by_severity[severity],
            tone: SEVERITY_TONE[severity],
          }))}
        />
      </section>
      <section className={styles.panel}>
        <h2>{text.riskBands}</h2>
        <Bars
          label={text.riskBands}
          bars={[
            { key: "low", label: text.low, value: risk_bands.low, tone: "green" },
            { key: "medium", label: text.medium, value: risk_bands.medium, tone: "yellow" },
            { key: "high", label: text.high, value: risk_bands.high, tone: "red" },
          ]}
        />
      </section>
      <section className={cx(styles.panel, styles.panelWide)}>
        <h2>{text.ruleHits}</h2>
        <p className={cx("muted", styles.small)}>{text.ruleHitsDetail}</p>
        <Bars
          label={text.ruleHits}
          bars={rule_hits.map((hit) => ({
            key: hit.rule,
            label: `${RISK_RULE_LABELS[hit.rule]} (+${Math.round(hit.weight * 100)}%)`,
            value: hit.sessions,
            tone: "brand",
          }))}
        />
      </section>
    </div>
  );
}
