import { useCallback, useState } from "react";
import {
  type MonitoredSession,
  type MonitoringOverview,
  monitoringEndpoints,
  type SecurityAlert,
} from "../../../../contract/monitoring";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { ShieldIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { useToast } from "../../ui/Toast";
import { NoOrganization } from "../workspace/EmptyState";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { AlertsList } from "./AlertsList";
import { AnalyticsTab } from "./AnalyticsTab";
import { timeText } from "./format";
import { InvestigatePanel } from "./InvestigatePanel";
import styles from "./MonitoringPage.module.css";
import { SessionsTable } from "./SessionsTable";
import { StatCards } from "./StatCards";
import { text } from "./text";
import { useMonitoring } from "./useMonitoring";

type TabKey = "sessions" | "alerts" | "analytics";
const TABS: Array<TabDef<TabKey>> = [
  { key: "sessions", label: text.tabs.sessions },
  { key: "alerts", label: text.tabs.alerts },
  { key: "analytics", label: text.tabs.analytics },
];

/** Narrows the sessions table to one election (the server filters, so the 50 newest are of it). */
function ElectionFilter({
  elections,
  value,
  onChange,
}: {
  elections: MonitoringOverview["elections"];
  value: string | null;
  onChange(id: string | null): void;
}) {
  return (
    <div className={styles.filter}>
      <label htmlFor="mon-election-filter">{text.electionFilter}</label>
      <select
        id="mon-election-filter"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{text.allElections}</option>
        {elections.map((election) => (
          <option key={election.id} value={election.id}>
            {election.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Security monitoring (organization users): sessions, alerts and measured figures, live. */
export default function MonitoringPage() {
  const { area, currentId } = useWorkspace();
  const [electionId, setElectionId] = useState<string | null>(null);
  const { query, refetch } = useMonitoring(currentId, electionId);
  const toast = useToast();
  const [tab, setTab] = useState<TabKey>("sessions");
  const [investigating, setInvestigating] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState<MonitoredSession | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const closeInvestigation = useCallback(() => setInvestigating(null), []);
  const closeBlock = useCallback(() => setConfirmBlock(null), []);

  const act = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    try {
      await action();
      toast(done);
      refetch();
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setBusyId(null);
    }
  };
  const resolve = (alert: SecurityAlert) =>
    act(
      alert.id,
      () => call(monitoringEndpoints.resolveAlert, { params: { id: alert.id } }),
      text.alertResolved,
    );
  const unblock = (session: MonitoredSession) =>
    act(
      session.id,
      () => call(monitoringEndpoints.unblock, { params: { id: session.id } }),
      text.sessionUnblocked,
    );
  const block = async (session: MonitoredSession) => {
    await act(
      session.id,
      () => call(monitoringEndpoints.block, { params: { id: session.id } }),
      text.sessionBlocked,
    );
    setConfirmBlock(null);
  };

  if (!currentId) return <NoOrganization area={area} />;

  const data = query.data ?? null;
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <div className={styles.title}>
          <span className={styles.titleIcon} aria-hidden="true">
            <ShieldIcon size={26} />
          </span>
          <div>
            <h1>{text.title}</h1>
            {data && (
              <p className={cx("muted", styles.small)} data-testid="last-updated">
                {text.lastUpdated(timeText(data.updated_at))}
              </p>
            )}
          </div>
        </div>
        {/* Active only while the screen holds the figures: not over a failed read. */}
        {data && !query.error && (
          <span className={styles.liveBadge}>
            <span className={styles.liveDot} aria-hidden="true" />
            {text.badge}
          </span>
        )}
      </header>

      <LoadState
        data={data}
        error={query.error?.message}
        loadingLabel={text.loading}
        errorTitle={text.loadFailed}
        retryLabel={text.retry}
        onRetry={() => void query.refetch()}
      >
        {(data) => (
          <>
            <StatCards stats={data.stats} />
            <div className={styles.tabsCard}>
              <Tabs<TabKey> tabs={TABS} active={tab} onChange={setTab} label="Monitoring">
                {tab === "sessions" && (
                  <ElectionFilter elections={data.elections} value={electionId} onChange={setElectionId} />
                )}
                {tab === "sessions" && (
                  <SessionsTable
                    filtered={electionId !== null}
                    sessions={data.sessions}
                    blockRisk={data.block_risk}
                    busyId={busyId}
                    onInvestigate={(session) => setInvestigating(session.id)}
                    onBlock={setConfirmBlock}
                    onUnblock={(session) => void unblock(session)}
                  />
                )}
                {tab === "alerts" && (
                  <AlertsList
                    alerts={data.alerts}
                    resolving={busyId}
                    onInvestigate={(alert) => alert.session_id && setInvestigating(alert.session_id)}
                    onResolve={(alert) => void resolve(alert)}
                  />
                )}
                {tab === "analytics" && <AnalyticsTab analytics={data.analytics} />}
              </Tabs>
            </div>
          </>
        )}
      </LoadState>

      {investigating && (
        <InvestigatePanel
          sessionId={investigating}
          organizationId={currentId}
          onClose={closeInvestigation}
          onBlock={setConfirmBlock}
          onUnblock={(session) => void unblock(session)}
        />
      )}
      {confirmBlock && (
        <ConfirmDialog
          title={text.blockTitle}
          onClose={closeBlock}
          onConfirm={() => void block(confirmBlock)}
          busy={busyId === confirmBlock.id}
          confirmLabel={text.block}
          busyLabel={text.blocking}
          cancelLabel={text.cancel}
        >
          <p>{text.blockBody(confirmBlock.full_name, confirmBlock.election_title ?? text.anElection)}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
