import { MONITORING_LIST_LIMIT, type SecurityAlert } from "../../../../contract/monitoring";
import { Badge } from "../../ui/Badge";
import { dateTimeText, SEVERITY_TONE } from "./format";
import { SEVERITY_LABELS, TYPE_LABELS, text } from "./text";

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
      <div className="mon-empty">
        <h3>{text.noAlerts}</h3>
        <p className="muted">{text.noAlertsBody}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="mon-alerts">
        {alerts.map((alert) => (
          <li
            key={alert.id}
            className={`mon-alert mon-alert-${SEVERITY_TONE[alert.severity]}${alert.resolved ? " mon-alert-resolved" : ""}`}
            data-alert={alert.id}
          >
            <div className="mon-alert-main">
              <p className="mon-alert-description">{alert.description}</p>
              <p className="mon-alert-meta">
                <span>
                  {text.user}: <strong>{alert.full_name ?? text.unknown}</strong>{" "}
                  <span className="muted mon-mono mon-small" title={text.userId}>
                    {alert.user_id}
                  </span>
                </span>
                <Badge tone="grey">{TYPE_LABELS[alert.type]}</Badge>
                <Badge tone={SEVERITY_TONE[alert.severity]}>{SEVERITY_LABELS[alert.severity]}</Badge>
                <time dateTime={alert.created_at} className="muted mon-small">
                  {dateTimeText(alert.created_at)}
                </time>
              </p>
            </div>
            <div className="mon-alert-actions">
              {alert.session_id && (
                <button type="button" className="btn mon-btn-small" onClick={() => onInvestigate(alert)}>
                  {text.investigate}
                </button>
              )}
              {alert.resolved ? (
                <Badge tone="green">{text.resolved}</Badge>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary mon-btn-small"
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
        <p className="muted mon-small">{text.listNote(MONITORING_LIST_LIMIT)}</p>
      )}
    </>
  );
}
