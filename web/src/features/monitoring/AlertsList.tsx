import {
  ALERT_TYPE_LABELS,
  MONITORING_LIST_LIMIT,
  type SecurityAlert,
} from "../../../../contract/monitoring";
import { Badge } from "../../ui/Badge";
import { cx } from "../../ui/cx";
import { dateTimeText, SEVERITY_TONE } from "./format";
import styles from "./MonitoringPage.module.css";
import { SEVERITY_LABELS, text } from "./text";

interface Props {
  alerts: SecurityAlert[];
  onInvestigate(alert: SecurityAlert): void;
  onResolve(alert: SecurityAlert): void;
  resolving: string | null;
}

/** The alerts, newest first: what fired, on whom, how bad, when; Investigate and Resolve. */
export function AlertsList({ alerts, onInvestigate, onResolve, resolving }: Props) {
  if (alerts.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>{text.noAlerts}</h2>
        <p className="muted">{text.noAlertsBody}</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.alerts}>
        {alerts.map((alert) => (
          <li
            key={alert.id}
            className={cx(styles.alert, alert.resolved && styles.alertResolved)}
            data-tone={SEVERITY_TONE[alert.severity]}
            data-alert={alert.id}
          >
            <div>
              <p className={styles.alertDescription}>{alert.description}</p>
              <p className={styles.alertMeta}>
                <span>
                  {text.user}: <strong>{alert.full_name ?? text.unknown}</strong>{" "}
                  <span className={cx("muted", styles.mono, styles.small)} title={text.userId}>
                    {alert.user_id}
                  </span>
                </span>
                <Badge tone="grey">{ALERT_TYPE_LABELS[alert.type]}</Badge>
                <Badge tone={SEVERITY_TONE[alert.severity]}>{SEVERITY_LABELS[alert.severity]}</Badge>
                <time dateTime={alert.created_at} className={cx("muted", styles.small)}>
                  {dateTimeText(alert.created_at)}
                </time>
              </p>
            </div>
            <div className={styles.alertActions}>
              {alert.session_id && (
                <button
                  type="button"
                  className={cx("btn", styles.btnSmall)}
                  onClick={() => onInvestigate(alert)}
                >
                  {text.investigate}
                </button>
              )}
              {alert.resolved ? (
                <Badge tone="green">{text.resolved}</Badge>
              ) : (
                <button
                  type="button"
                  className={cx("btn btn-primary", styles.btnSmall)}
                  disabled={resolving === alert.id}
                  onClick={() => onResolve(alert)}
                >
                  {resolving === alert.id ? text.resolving : text.resolve}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {alerts.length >= MONITORING_LIST_LIMIT && (
        <p className={cx("muted", styles.small)}>{text.listNote(MONITORING_LIST_LIMIT)}</p>
      )}
    </>
  );
}
