import type { OrganizationStats } from "../../../../contract/organizations";
import { cx } from "../../ui/cx";
import styles from "./ProfilePage.module.css";

const CARDS: Array<{ key: keyof OrganizationStats; label: string; note: string }> = [
  { key: "total_members", label: "Total Members", note: "Administrators and members" },
  { key: "active_channels", label: "Active Channels", note: "Text, airing, live and election" },
  {
    key: "total_votes_cast",
    label: "Total Votes Cast",
    note: "Voters who voted, per election; while voting is open, counted in batches of ten or more, as ballots are sealed",
  },
  { key: "online_now", label: "Online Now", note: "Members connected right now" },
];

/** The four stat cards; every figure comes from the server. */
export function StatCards({
  stats,
  error,
  onRetry,
}: {
  stats: OrganizationStats | null;
  error: string | null;
  onRetry(): void;
}) {
  return (
    <section aria-label="Organization statistics">
      {error && (
        <div className={cx("alert", "alert-error", styles.inlineAlert)} role="alert">
          <span>Statistics could not be loaded: {error}</span>
          <button type="button" className="btn" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      <div className={styles.stats}>
        {CARDS.map((card) => (
          <div key={card.key} className={cx("card", styles.stat)}>
            <span className={styles.statLabel}>{card.label}</span>
            <span className={styles.statValue} data-testid={`stat-${card.key}`}>
              {stats ? stats[card.key].toLocaleString() : "–"}
            </span>
            <span className={styles.statNote}>{card.note}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
