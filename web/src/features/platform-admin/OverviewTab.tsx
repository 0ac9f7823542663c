import { platformAdminEndpoints } from "../../../../contract/platform-admin";
import { useEndpointQuery } from "../../api/query";
import { cx } from "../../ui/cx";
import { formatDate } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure } from "./AdminSession";
import { Counter } from "./Counter";
import { RefreshButton } from "./RefreshButton";
import { StatusBadge } from "./StatusBadge";
import { loadWords, matching } from "./tabLoad";

/** The overview's four counters: which figure, and how the spec names it. */
const COUNTERS = [
  {
    key: "total_organizations",
    label: "Total Organizations",
    note: "Every organization on the platform",
    testId: "total-organizations",
  },
  {
    key: "active_organizations",
    label: "Active Organizations",
    note: "Status active",
    testId: "active-organizations",
  },
  {
    key: "total_members",
    label: "Total Members",
    note: "Voters and organization accounts",
    testId: "total-members",
  },
  {
    key: "total_votes",
    label: "Total Votes",
    note: "Voters who voted, per election; while voting is open, counted in batches of ten or more, as ballots are sealed",
    testId: "total-votes",
  },
] as const;

/** Overview: the four counters and the five newest organizations, all counted on the server. */
export function OverviewTab({
  search,
  onOpen,
}: {
  search: string;
  onOpen(tab: "organizations" | "members"): void;
}) {
  const query = useEndpointQuery(platformAdminEndpoints.overview);
  useAdminFailure(query.error);
  const reload = () => void query.refetch();
  return (
    <section aria-labelledby="adm-overview-title">
      <div className={styles.sectionHead}>
        <h1 id="adm-overview-title">Overview</h1>
        <RefreshButton busy={query.isFetching} onRefresh={reload} />
      </div>
      <LoadState
        data={query.data}
        error={query.error?.message}
        onRetry={reload}
        {...loadWords("the overview")}
      >
        {(overview) => {
          const recent = matching(overview.recent_organizations, search, (o) => `${o.name} ${o.status}`);
          return (
            <>
              <div className={styles.counters}>
                {COUNTERS.map(({ key, label, note, testId }) => (
                  <Counter
                    key={key}
                    label={label}
                    value={overview[key].toLocaleString()}
                    note={note}
                    testId={testId}
                  />
                ))}
              </div>
              <div className={cx("card", styles.card)}>
                <div className={styles.cardHead}>
                  <h2>Recent Organizations</h2>
                  <button type="button" className="btn btn-ghost" onClick={() => onOpen("organizations")}>
                    View all
                  </button>
                </div>
                {recent.length === 0 ? (
                  <p className={styles.state}>
                    {search ? "No recent organization matches the search." : "No organizations yet."}
                  </p>
                ) : (
                  <ul className={styles.recent}>
                    {recent.map((organization) => (
                      <li key={organization.id}>
                        <span className={styles.recentName}>{organization.name}</span>
                        <span className="muted">Created {formatDate(organization.created_at)}</span>
                        <StatusBadge value={organization.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </>
          );
        }}
      </LoadState>
    </section>
  );
}
