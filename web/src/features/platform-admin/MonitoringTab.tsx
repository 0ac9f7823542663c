import { ALERT_TYPE_LABELS } from "../../../../contract/monitoring";
import { platformAdminEndpoints } from "../../../../contract/platform-admin";
import { useEndpointQuery } from "../../api/query";
import { cx } from "../../ui/cx";
import { formatDateTime } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure } from "./AdminSession";
import { Counter } from "./Counter";
import { RefreshButton } from "./RefreshButton";
import { StatusBadge } from "./StatusBadge";
import { keepShowing, loadWords } from "./tabLoad";
import { useSearchedPages } from "./useSearchedPages";

/** How often the figures are measured again while the tab is open (the admin has no live socket). */
const REFRESH_MS = 30_000;

/** Monitoring: figures measured across the platform now, and the newest security events. */
export function MonitoringTab({ search }: { search: string }) {
  // Searched on the server, through every event (it searched the ten on screen only).
  const { q } = useSearchedPages(search);
  const query = useEndpointQuery(
    platformAdminEndpoints.monitoring,
    { query: { q } },
    { ...keepShowing, refetchInterval: REFRESH_MS },
  );
  useAdminFailure(query.error);
  const reload = () => void query.refetch();

  return (
    <section aria-labelledby="adm-monitoring-title">
      <div className={styles.sectionHead}>
        <h1 id="adm-monitoring-title">Monitoring</h1>
        {query.data && <span className="muted">Measured {formatDateTime(query.data.measured_at)}</span>}
        <RefreshButton busy={query.isFetching} onRefresh={reload} busyLabel="Measuring..." />
      </div>
      <LoadState
        data={query.data}
        error={query.error?.message}
        onRetry={reload}
        {...loadWords("monitoring figures")}
      >
        {(monitoring) => {
          const { health } = monitoring;
          const healthy = health.database === "reachable" && health.live_processes > 0;
          const events = monitoring.recent_alerts;
          return (
            <>
              <div className={styles.counters}>
                <Counter
                  label="Active Voting Sessions"
                  value={monitoring.active_sessions.toLocaleString()}
                  note={`${monitoring.flagged_sessions.toLocaleString()} flagged or blocked`}
                  testId="active-sessions"
                />
                <Counter
                  label="Security Alerts"
                  value={monitoring.unresolved_alerts.toLocaleString()}
                  note="Unresolved, in every organization"
                  testId="unresolved-alerts"
                />
                <Counter
                  label="System Health"
                  value={
                    <span className={healthy ? styles.healthOk : styles.healthBad}>
                      {healthy ? "Healthy" : "Degraded"}
                    </span>
                  }
                  note={
                    health.database === "reachable"
                      ? `Database answered in ${health.database_latency_ms} ms`
                      : "Database not reachable"
                  }
                  testId="system-health"
                />
                <Counter
                  label="Server Processes"
                  value={health.live_processes.toLocaleString()}
                  note={`${health.connected_users.toLocaleString()} users connected now`}
                  testId="live-processes"
                />
              </div>
              <div className={cx("card", styles.card)}>
                <h2>Recent Security Events</h2>
                {events.length === 0 ? (
                  <p className={styles.state}>
                    {q ? "No security event matches the search." : "No security events recorded."}
                  </p>
                ) : (
                  <ul className={styles.events}>
                    {events.map((alert) => (
                      <li key={alert.id} className={styles.event} data-severity={alert.severity}>
                        <div className={styles.eventHead}>
                          <StatusBadge value={alert.severity} />
                          <span className={styles.strong}>{ALERT_TYPE_LABELS[alert.type]}</span>
                          {alert.resolved && <StatusBadge value="resolved" />}
                          <span className={cx("muted", styles.eventTime)}>
                            {formatDateTime(alert.created_at)}
                          </span>
                        </div>
                        <p>{alert.description}</p>
                        <span className={styles.sub}>{alert.organization_name}</span>
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
