import { useLive } from "../../api/useRealtime";
import styles from "./ConnectionStatus.module.css";
import { shellText as text } from "./shellText";

/**
 * Says when the live connection is lost (the server restarting, the network gone): what the
 * screens show may be stale until it is back. The status region stays in the page, empty while
 * live, so that a screen reader hears the change.
 */
export function ConnectionStatus() {
  const live = useLive();
  return (
    <div role="status" className={live ? undefined : styles.lost}>
      {live ? null : text.reconnecting}
    </div>
  );
}
