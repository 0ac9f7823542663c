import type { UseQueryResult } from "@tanstack/react-query";
import type { ActivityKind, ActivityPage } from "../../../../contract/profile";
import { profileMessages } from "../../../../contract/profile";
import { BallotIcon, CalendarIcon, ShieldIcon, UsersIcon } from "../../ui/icons";

const ICONS: Record<ActivityKind, typeof BallotIcon> = {
  voted: BallotIcon,
  verified_identity: ShieldIcon,
  joined_organization: UsersIcon,
  registered: CalendarIcon,
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** Recent Activity: the user's own events, newest first (never what they voted for). */
export function ActivityCard({
  state,
  onRetry,
  onPage,
}: {
  state: UseQueryResult<ActivityPage>;
  onRetry(): void;
  onPage(page: number): void;
}) {
  return (
    <section className="card vp-card" aria-labelledby="vp-activity-title">
      <h2 id="vp-activity-title">Recent Activity</h2>
      {state.isPending && (
        <p className="muted" role="status">
          Loading activity...
        </p>
      )}
      {state.isError && (
        <div className="alert alert-error vp-inline-alert" role="alert">
          <span>Activity could not be loaded: {state.error.message}</span>
          <button type="button" className="btn" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {state.isSuccess &&
        (state.data.items.length === 0 && state.data.page === 0 ? (
          <p className="muted">{profileMessages.noActivity}</p>
        ) : (
          <>
            <ol className="vp-activity">
              {state.data.items.map((item) => {
                const Icon = ICONS[item.kind];
                return (
                  <li key={`${item.kind}-${item.at}-${item.title}`} className={`vp-activity-${item.kind}`}>
                    <span className="vp-activity-icon">
                      <Icon size={16} />
                    </span>
                    <div>
                      <span className="vp-strong">{item.title}</span>
                      <span className="muted">{item.detail}</span>
                    </div>
                    <time dateTime={item.at}>{when(item.at)}</time>
                  </li>
                );
              })}
            </ol>
            <ActivityPager page={state.data.page} hasMore={state.data.has_more} onPage={onPage} />
          </>
        ))}
    </section>
  );
}

/** Newer and Older pages of Recent Activity (shown only when there is more than one page). */
function ActivityPager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage(page: number): void;
}) {
  if (page === 0 && !hasMore) return null;
  return (
    <nav className="vp-activity-pager" aria-label="Recent Activity pages">
      <button type="button" className="btn" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span className="muted">Page {page + 1}</span>
      <button type="button" className="btn" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}
