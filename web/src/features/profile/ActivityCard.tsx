import type { UseQueryResult } from "@tanstack/react-query";
import type { ActivityKind, ActivityPage } from "../../../../contract/profile";
import { profileMessages } from "../../../../contract/profile";
import { cx } from "../../ui/cx";
import { EmptyState } from "../../ui/EmptyState";
import {
  BallotIcon,
  CalendarIcon,
  Icon,
  type IconProps,
  LockIcon,
  ShieldIcon,
  UsersIcon,
} from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import styles from "./VoterProfilePage.module.css";

/** A pencil: contact information edited (the profile's own, so the shared icons do not grow). */
const EditedIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

const ICONS: Record<ActivityKind, typeof BallotIcon> = {
  voted: BallotIcon,
  updated_contact: EditedIcon,
  verified_identity: ShieldIcon,
  joined_organization: UsersIcon,
  left_organization: UsersIcon,
  registered: CalendarIcon,
  password_changed: LockIcon,
  password_reset: LockIcon,
  two_factor_on: ShieldIcon,
  two_factor_off: ShieldIcon,
  signed_out_others: LockIcon,
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
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
    <section className={cx("card", styles.card)} aria-labelledby="vp-activity-title">
      <h2 id="vp-activity-title">Recent Activity</h2>
      <LoadState
        data={state.data}
        error={state.error?.message}
        loadingLabel="Loading activity..."
        errorTitle="Activity could not be loaded"
        retryLabel="Retry"
        onRetry={onRetry}
        isEmpty={(activity) => activity.items.length === 0 && activity.page === 0}
        empty={<EmptyState title={profileMessages.noActivity} />}
      >
        {(activity) => (
          <>
            <ol className={styles.activity}>
              {activity.items.map((item) => {
                const Icon = ICONS[item.kind];
                return (
                  <li
                    key={`${item.kind}-${item.at}-${item.title}`}
                    className={item.kind === "voted" ? styles.activityVoted : undefined}
                  >
                    <span className={styles.activityIcon}>
                      <Icon size={16} />
                    </span>
                    <div>
                      <span className={styles.strong}>{item.title}</span>
                      <span className="muted">{item.detail}</span>
                    </div>
                    <time dateTime={item.at}>{when(item.at)}</time>
                  </li>
                );
              })}
            </ol>
            <ActivityPager page={activity.page} hasMore={activity.has_more} onPage={onPage} />
          </>
        )}
      </LoadState>
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
    <nav className={styles.activityPager} aria-label="Recent Activity pages">
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
