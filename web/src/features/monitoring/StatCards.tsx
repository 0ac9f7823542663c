import type { MonitoringStats } from "../../../../contract/monitoring";
import { percentText } from "./format";
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
    <section className="mon-cards" aria-label="Monitoring figures">
      {CARDS.map(({ key, words, tone }) => {
        const value = stats[key];
        return (
          <div key={key} className={`mon-card mon-card-${tone}`}>
            <span className="mon-card-label">{words.label}</span>
            <strong className="mon-card-value" data-testid={`stat-${key}`}>
              {key === "verification_pass_rate" ? percentText(value) : (value ?? 0).toLocaleString()}
            </strong>
            <span className="mon-card-note">{words.note}</span>
          </div>
        );
      })}
    </section>
  );
}
