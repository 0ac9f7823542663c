import { Link } from "../../router";
import { ChannelTypeIcon } from "../../ui/icons";
import styles from "./ChannelGroup.module.css";
import { shellText as text } from "./shellText";

/**
 * The election group's "General" entry while it has no channel (spec part 1 section 2). An
 * election channel cannot exist empty: it is created with its dates and candidates, so the entry
 * opens the form that creates the first one. Members cannot create elections: they are told none is open yet.
 */
export function ElectionStarter({ canCreate, onNavigate }: { canCreate: boolean; onNavigate(): void }) {
  if (!canCreate) return <p className={styles.groupEmpty}>{text.noElectionYet}</p>;
  return (
    <ul className={styles.channelList}>
      <li className={styles.channel}>
        <Link
          to="/organization/create-channel?type=election"
          className={styles.channelLink}
          aria-describedby="ws-election-starter-note"
          onClick={onNavigate}
        >
          <span className={styles.channelIcon}>
            <ChannelTypeIcon type="election" size={15} />
          </span>
          <span className={styles.channelName}>{text.generalElection}</span>
        </Link>
      </li>
      <li className={styles.groupEmpty} id="ws-election-starter-note">
        {text.generalElectionNote}
      </li>
    </ul>
  );
}
