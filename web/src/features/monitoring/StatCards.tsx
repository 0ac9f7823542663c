import type { MonitoringStats } from "../../../../contract/monitoring";
import { percentText } from "./format";
import styles from "./MonitoringPage.module.css";
import { text } from "./text";

const CARDS: Array<{ key: keyof MonitoringStats; words: { label: string; note: string }; tone: string }> = [
  { key: "active_sessions", words: text.cards.active, tone: "blue" },
  { key: "suspicious_activity", words: text.cards.suspicious, tone: "yellow" },
  { key: "blocked_attempts", words: text.cards.blocked, tone: "red" },
  { key: "verification_pass_rate", words: text.cards.passRate, tone: "green" },
  { key: "total_monitored", words: text.cards.total, tone: "brand" },
];

/** The five stat cards; every figure comes from the server's counts. */
export function StatCards({ stats }: { stats: MonitoringStats }) {
  return (
    <section className={styles.cards} aria-label="Monitoring figures">
      {CARDS.map(({ key, words, tone }) => {
        const value = stats[key];
        return (
          <div key={key} className={styles.card} data-tone={tone}>
            <span className={styles.cardLabel}>{words.label}</span>
            <strong className={styles.cardValue} data-testid={`stat-${key}`}>
              {key === "verification_pass_rate" ? percentText(value) : (value ?? 0).toLocaleString()}
            </strong>
            <span className={styles.cardNote}>{words.note}</span>
          </div>
        );
      })}
    </section>
  );
}
