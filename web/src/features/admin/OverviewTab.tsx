import { adminEndpoints } from "../../../../contract/admin";
import { Badge, Counter, formatDate, LoadState, matching, RefreshButton } from "./parts";
import { useAdminData } from "./useAdminData";

/** Overview: the four counters and the five newest organizations, all counted on the server. */
export function OverviewTab({
  search,
  onOpen,
}: {
  search: string;
  onOpen(tab: "organizations" | "members"): void;
}) {
  const { load, reload } = useAdminData(adminEndpoints.overview);
  return (
    <section aria-labelledby="adm-overview-title">
      <div className="adm-section-head">
        <h1 id="adm-overview-title">Overview</h1>
        <RefreshButton load={load} onRefresh={() => void reload()} />
      </div>
      <LoadState load={load} what="the overview" onRetry={() => void reload()}>
        {(overview) => {
          const recent = matching(overview.recent_organizations, search, (o) => `${o.name} ${o.status}`);
          return (
            <>
              <div className="adm-counters">
                <Counter
                  label="Total Organizations"
                  value={overview.total_organizations.toLocaleString()}
                  note="Every organization on the platform"
                  testId="total-organizations"
                />
                <Counter
                  label="Active Organizations"
                  value={overview.active_organizations.toLocaleString()}
                  note="Status active"
                  testId="active-organizations"
                />
                <Counter
                  label="Total Members"
                  value={overview.total_members.toLocaleString()}
                  note="Voters and organization accounts"
                  testId="total-members"
                />
                <Counter
                  label="Total Votes"
                  value={overview.total_votes.toLocaleString()}
                  note="Voters who voted, per election"
                  testId="total-votes"
                />
              </div>
              <div className="card adm-card">
                <div className="adm-card-head">
                  <h2>Recent Organizations</h2>
                  <button type="button" className="btn btn-ghost" onClick={() => onOpen("organizations")}>
                    View all
                  </button>
                </div>
                {recent.length === 0 ? (
                  <p className="adm-state">
                    {search ? "No recent organization matches the search." : "No organizations yet."}
                  </p>
                ) : (
                  <ul className="adm-recent">
                    {recent.map((organization) => (
                      <li key={organization.id}>
                        <span className="adm-recent-name">{organization.name}</span>
                        <span className="muted">Created {formatDate(organization.created_at)}</span>
                        <Badge value={organization.status} />
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
