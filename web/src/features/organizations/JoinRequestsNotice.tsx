import { Link } from "../../router";
import { UsersIcon } from "../../ui/icons";
import { Status } from "../../ui/Status";
import styles from "./JoinRequestsNotice.module.css";
import { JOIN_REQUESTS_PATH, useJoinRequests } from "./useJoinRequests";

export const noticeText = {
  waiting: (n: number) => `${n} join ${n === 1 ? "request is" : "requests are"} waiting for approval`,
  review: "Review requests",
};

/**
 * Tells an administrator, on the workspace's home, that join requests wait for a decision, with a
 * link to where they are decided (the profile's Join Requests card); live, as the card is. The
 * status region stays in the page, empty while none wait, so that a screen reader hears one arrive.
 */
export function JoinRequestsNotice({ organizationId }: { organizationId: string }) {
  const count = useJoinRequests(organizationId).requests?.length ?? 0;
  return (
    <Status as="div">
      {count > 0 && (
        <p className={styles.notice}>
          <span className={styles.icon} aria-hidden="true">
            <UsersIcon size={20} />
          </span>
          <span className={styles.text}>{noticeText.waiting(count)}</span>
          <Link to={JOIN_REQUESTS_PATH} className="btn btn-primary">
            {noticeText.review}
          </Link>
        </p>
      )}
    </Status>
  );
}
