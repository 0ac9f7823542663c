import type { ActivityItem, ActivityKind } from "../../../../contract/profile";
import { profileMessages } from "../../../../contract/profile";
import { BallotIcon, CalendarIcon, ShieldIcon, UsersIcon } from "../../ui/icons";
import type { Loaded } from "./useLoad";

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
export function ActivityCard({ state, onRetry }: { state: Loaded<ActivityItem[]>; onRetry(): void }) {
  return (
    <section className="card vp-card" aria-labelledby="vp-activity-title">
      <h2 id="vp-activity-title">Recent Activity</h2>
      {state.status === "loading" && (
        <p className="muted" role="status">
          Loading activity...
        </p>
      )}
      {state.status === "error" && (
        <div className="alert alert-error vp-inline-alert" role="alert">
          <span>Activity could not be loaded: {state.error}</span>
          <button type="button" className="btn" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {state.status === "ready" &&
        (state.data.length === 0 ? (
          <p className="muted">{profileMessages.noActivity}</p>
        ) : (
          <ol className="vp-activity">
            {state.data.map((item) => {
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
        ))}
    </section>
  );
}
