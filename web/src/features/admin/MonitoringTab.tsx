import { useEffect } from "react";
import { adminEndpoints } from "../../../../contract/admin";
import { Badge, Counter, formatTime, LoadState, matching, RefreshButton } from "./parts";
import { useAdminData } from "./useAdminData";

/** How often the figures are measured again while the tab is open (the admin has no live socket). */
const REFRESH_MS = 30_000;

const TYPE_NAMES: Record<string, string> = {
  identity_theft: "Identity theft",
  suspicious_location: "Suspicious location",
  device_anomaly: "Device anomaly",
  duplicate_identity: "Duplicate identity",
};

/** Monitoring: figures measured across the platform now, and the newest security events. */
export function MonitoringTab({ search }: { search: string }) {
  const { load, reload } = useAdminData(adminEndpoints.monitoring);
  useEffect(() => {
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  return (
    <section aria-labelledby="adm-monitoring-title">
      <div className="adm-section-head">
        <h1 id="adm-monitoring-title">Monitoring</h1>
        {load.data && <span className="muted">Measured {formatTime(load.data.measured_at)}</span>}
        <RefreshButton load={load} onRefresh={() => void reload()} busyLabel="Measuring..." />
      </div>
      <LoadState load={load} what="monitoring figures" onRetry={() => void reload()}>
        {(monitoring) => {
          const { health } = monitoring;
          const healthy = health.database === "reachable" && health.live_processes > 0;
          const events = matching(
            monitoring.recent_alerts,
            search,
            (a) => `${a.description} ${a.organization_name} ${a.type} ${a.severity}`,
          );
          return (
            <>
              <div className="adm-counters">
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
                    <span className={healthy ? "adm-health-ok" : "adm-health-bad"}>
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
              <div className="card adm-card">
                <h2>Recent Security Events</h2>
                {events.length === 0 ? (
                  <p className="adm-state">
                    {search ? "No security event matches the search." : "No security events recorded."}
                  </p>
                ) : (
                  <ul className="adm-events">
                    {events.map((alert) => (
                      <li key={alert.id} className={`adm-event adm-event-${alert.severity}`}>
                        <div className="adm-event-head">
                          <Badge value={alert.severity} />
                          <span className="adm-strong">{TYPE_NAMES[alert.type] ?? alert.type}</span>
                          {alert.resolved && <Badge value="resolved" />}
                          <span className="muted adm-event-time">{formatTime(alert.created_at)}</span>
                        </div>
                        <p>{alert.description}</p>
                        <span className="adm-sub">{alert.organization_name}</span>
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
