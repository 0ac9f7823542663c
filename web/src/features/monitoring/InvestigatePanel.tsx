import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { METHOD_LABELS, type VerificationMethod } from "../../../../contract/elections";
import {
  ALERT_TYPE_LABELS,
  type MonitoredSession,
  monitoringEndpoints,
  monitoringMessages,
  type SessionInvestigation,
} from "../../../../contract/monitoring";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { Badge } from "../../ui/Badge";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { LoadState } from "../../ui/LoadState";
import { Modal } from "../../ui/Modal";
import { ScrollBox } from "../../ui/Table";
import { FiredRules } from "./FiredRules";
import { dateTimeText, locationText, riskPercent, SEVERITY_TONE, STATUS_TONE } from "./format";
import styles from "./MonitoringPage.module.css";
import { RiskCell } from "./RiskCell";
import { DeviceText, StatusCell } from "./SessionsTable";
import { SEVERITY_LABELS, STATUS_LABELS, text } from "./text";

function Facts({ session }: { session: MonitoredSession }) {
  const info = session.device_info;
  const rows: Array<[string, ReactNode]> = [
    [
      text.user,
      <span key="u">
        {session.full_name}{" "}
        <span className="muted">
          (<Email address={session.email} />)
        </span>
      </span>,
    ],
    [text.election, session.election_title ?? text.unknown],
    [text.columns.status, <StatusCell key="s" session={session} />],
    [text.columns.risk, <RiskCell key="r" score={session.risk_score} verification={session.verification} />],
    [text.columns.location, locationText(session.location)],
    [text.address, session.ip_address || text.unknown],
    [
      text.deviceHash,
      <span key="h" className={cx(styles.mono, styles.small, styles.break)}>
        {session.device_hash || "–"}
      </span>,
    ],
    [text.deviceLabel, <DeviceText key="d" session={session} />],
    [
      text.screen,
      info.screen ? `${info.screen.width} × ${info.screen.height}, ${info.screen.colorDepth}-bit` : "–",
    ],
    [text.timezone, info.timezone || "–"],
    [
      text.userAgent,
      <span key="a" className={cx(styles.small, styles.break)}>
        {info.userAgent || "–"}
      </span>,
    ],
    [text.failedVerifications, session.failed_verifications],
    [text.duplicateAttempts, session.duplicate_attempts],
    [text.created, dateTimeText(session.created_at)],
    [text.lastSeen, dateTimeText(session.updated_at)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function History({ view }: { view: SessionInvestigation }) {
  return (
    <ScrollBox className={styles.tableWrap} stack>
      <table className={cx(styles.table, styles.tableCompact)} aria-labelledby="mon-history">
        <thead>
          <tr>
            <th scope="col">{text.election}</th>
            <th scope="col">{text.columns.location}</th>
            <th scope="col">{text.columns.network}</th>
            <th scope="col">{text.columns.risk}</th>
            <th scope="col">{text.columns.status}</th>
            <th scope="col">{text.created}</th>
          </tr>
        </thead>
        <tbody>
          {view.history.map((session) => (
            <tr key={session.id} className={session.id === view.session.id ? styles.rowCurrent : undefined}>
              <td data-label={text.election}>{session.election_title ?? text.unknown}</td>
              <td data-label={text.columns.location}>{locationText(session.location)}</td>
              <td data-label={text.columns.network}>
                {session.ip_address || text.unknown}{" "}
                <span className={cx("muted", styles.mono, styles.small)}>
                  {session.device_hash.slice(0, 12)}
                </span>
              </td>
              <td data-label={text.columns.risk}>{riskPercent(session.risk_score)}</td>
              <td data-label={text.columns.status}>
                <Badge tone={STATUS_TONE[session.status]}>{STATUS_LABELS[session.status]}</Badge>
              </td>
              <td data-label={text.created}>{dateTimeText(session.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

interface Props {
  sessionId: string;
  organizationId: string;
  onClose(): void;
  onBlock(session: MonitoredSession): void;
  onUnblock(session: MonitoredSession): void;
}

/** Investigate: the session, why it is risky, its alerts and the voter's history here (never a ballot). */
export function InvestigatePanel({ sessionId, organizationId, onClose, onBlock, onUnblock }: Props) {
  const input = { params: { id: sessionId } };
  const query = useEndpointQuery(monitoringEndpoints.investigate, input);

  // Realtime: the events that may change this session read it again (a failure keeps the last view).
  const queryClient = useQueryClient();
  const load = () => void readFromNow(queryClient, endpointKey(monitoringEndpoints.investigate, input));
  useTopic(`admins:${organizationId}`, {
    "voting_session.updated": load,
    "alert.created": (payload) => {
      if (payload.session_id === sessionId) load();
    },
    "alert.resolved": load,
  });

  return (
    <Modal title={text.investigateTitle} onClose={onClose} wide>
      <LoadState
        data={query.data}
        error={query.error?.message}
        loadingLabel={text.loadingSession}
        errorTitle={text.loadFailed}
        retryLabel={text.retry}
        onRetry={load}
      >
        {(view) => {
          const { session } = view;
          return (
            <div className={styles.investigate}>
              <section aria-label={text.sessionDetails}>
                <Facts session={session} />
                <div className={styles.investigateActions}>
                  {session.status === "blocked" ? (
                    <button type="button" className="btn" onClick={() => onUnblock(session)}>
                      {text.unblock}
                    </button>
                  ) : session.voting_over ? (
                    <p className={cx("muted", styles.small)}>{monitoringMessages.votingOver}</p>
                  ) : session.risk_score >= view.block_risk ? (
                    <button type="button" className="btn btn-danger" onClick={() => onBlock(session)}>
                      {text.block}
                    </button>
                  ) : (
                    <p className={cx("muted", styles.small)}>
                      {text.blockHint(riskPercent(view.block_risk))}
                    </p>
                  )}
                </div>
              </section>
              <section>
                <h3>{text.firedRules}</h3>
                <FiredRules rules={session.risk_rules} />
              </section>
              <section>
                <h3>{text.sessionAlerts}</h3>
                {view.alerts.length === 0 ? (
                  <p className={cx("muted", styles.small)}>{text.noAlerts}</p>
                ) : (
                  <ul className={styles.plainList}>
                    {view.alerts.map((alert) => (
                      <li key={alert.id}>
                        <Badge tone={SEVERITY_TONE[alert.severity]}>{SEVERITY_LABELS[alert.severity]}</Badge>{" "}
                        <Badge tone="grey">{ALERT_TYPE_LABELS[alert.type]}</Badge> {alert.description}{" "}
                        {alert.resolved && <Badge tone="green">{text.resolved}</Badge>}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section>
                <h3 id="mon-history">{text.history}</h3>
                <History view={view} />
              </section>
              <section>
                <h3>{text.verificationAttempts}</h3>
                <p className={cx("muted", styles.small)}>{text.heldChecks}</p>
                {view.verification_attempts.length === 0 ? (
                  <p className={cx("muted", styles.small)}>{text.noAttempts}</p>
                ) : (
                  <ul className={styles.plainList}>
                    {view.verification_attempts.map((attempt, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: attempts have no id of their own; the list is replaced whole
                      <li key={index}>
                        <Badge tone={attempt.success ? "green" : "red"}>
                          {attempt.success ? text.passed : text.failed}
                        </Badge>{" "}
                        {METHOD_LABELS[attempt.method as VerificationMethod] ?? attempt.method} ·{" "}
                        {attempt.election_title} · {attempt.ip || text.unknown} ·{" "}
                        {dateTimeText(attempt.created_at)}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          );
        }}
      </LoadState>
    </Modal>
  );
}
