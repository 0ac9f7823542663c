import { MONITORING_LIST_LIMIT, type MonitoredSession } from "../../../../contract/monitoring";
import { Badge } from "../../ui/Badge";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { ScrollBox } from "../../ui/Table";
import { FiredRules } from "./FiredRules";
import { dateTimeText, isMobile, locationText, STATUS_TONE, shortHash } from "./format";
import styles from "./MonitoringPage.module.css";
import { RiskCell } from "./RiskCell";
import { STATUS_LABELS, text } from "./text";

export function MobileIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  );
}

export function DeviceText({ session }: { session: MonitoredSession }) {
  const info = session.device_info;
  return (
    <span className={styles.stack}>
      <span>
        {info.platform || text.unknown}
        {isMobile(info) && (
          <span className={styles.mobile} title={text.mobile}>
            <MobileIcon />
            <span className="visually-hidden">{` (${text.mobile})`}</span>
          </span>
        )}
      </span>
      <span className={cx("muted", styles.small)}>{info.language || "–"}</span>
    </span>
  );
}

export function StatusCell({ session }: { session: MonitoredSession }) {
  return (
    <span className={styles.stack}>
      <Badge tone={STATUS_TONE[session.status]}>{STATUS_LABELS[session.status]}</Badge>
      {session.duplicate_attempts > 0 && (
        <span className={styles.duplicates}>{text.duplicates(session.duplicate_attempts)}</span>
      )}
    </span>
  );
}

interface Props {
  sessions: MonitoredSession[];
  /** The list is of one election (its empty state says so). */
  filtered?: boolean;
  blockRisk: number;
  onInvestigate(session: MonitoredSession): void;
  onBlock(session: MonitoredSession): void;
  onUnblock(session: MonitoredSession): void;
  busyId: string | null;
}

/**
 * The sessions table (spec columns), newest first, with the rules that fired under each row; on a
 * phone each session is a card (ScrollBox's `stack`), its own `<tbody>` holding its rules with it.
 */
export function SessionsTable({
  sessions,
  filtered = false,
  blockRisk,
  onInvestigate,
  onBlock,
  onUnblock,
  busyId,
}: Props) {
  if (sessions.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>{filtered ? text.noSessionsInElection : text.noSessions}</h2>
        <p className="muted">{text.noSessionsBody}</p>
      </div>
    );
  }
  return (
    <ScrollBox className={styles.tableWrap} stack>
      <table className={styles.table}>
        <caption className="visually-hidden">{text.tabs.sessions}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.user}</th>
            <th scope="col">{text.columns.election}</th>
            <th scope="col">{text.columns.location}</th>
            <th scope="col">{text.columns.device}</th>
            <th scope="col">{text.columns.network}</th>
            <th scope="col">{text.columns.risk}</th>
            <th scope="col">{text.columns.status}</th>
            <th scope="col">{text.columns.time}</th>
            <th scope="col">
              <span className="visually-hidden">{text.columns.actions}</span>
            </th>
          </tr>
        </thead>
        {sessions.map((session) => (
          <tbody key={session.id} className={styles.session}>
            <tr
              className={session.risk_rules.length > 0 ? styles.rowFlagged : undefined}
              data-session={session.id}
            >
              <th scope="row">
                <span className={styles.stack}>
                  <strong>{session.full_name}</strong>
                  <span className={cx("muted", styles.small)}>
                    <Email address={session.email} />
                  </span>
                </span>
              </th>
              <td data-label={text.columns.election}>{session.election_title ?? text.unknown}</td>
              <td data-label={text.columns.location}>{locationText(session.location)}</td>
              <td data-label={text.columns.device}>
                <DeviceText session={session} />
              </td>
              <td data-label={text.columns.network}>
                <span className={styles.stack}>
                  <span>{session.ip_address || text.unknown}</span>
                  <span className={cx("muted", styles.small, styles.mono)} title={session.device_hash}>
                    {shortHash(session.device_hash)}
                  </span>
                </span>
              </td>
              <td data-label={text.columns.risk}>
                <RiskCell score={session.risk_score} verification={session.verification} />
              </td>
              <td data-label={text.columns.status}>
                <StatusCell session={session} />
              </td>
              <td data-label={text.columns.time}>
                {/* When the session started (never when a ballot was cast: docs/monitoring.md). */}
                <time dateTime={session.created_at}>{dateTimeText(session.created_at)}</time>
              </td>
              <td>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={cx("btn", styles.btnSmall)}
                    onClick={() => onInvestigate(session)}
                  >
                    {text.investigate}
                  </button>
                  {session.status === "blocked" ? (
                    <button
                      type="button"
                      className={cx("btn", styles.btnSmall)}
                      disabled={busyId === session.id}
                      onClick={() => onUnblock(session)}
                    >
                      {busyId === session.id ? text.unblocking : text.unblock}
                    </button>
                  ) : (
                    session.risk_score >= blockRisk && (
                      <button
                        type="button"
                        className={cx("btn btn-danger", styles.btnSmall)}
                        disabled={busyId === session.id}
                        onClick={() => onBlock(session)}
                      >
                        {text.block}
                      </button>
                    )
                  )}
                </div>
              </td>
            </tr>
            {session.risk_rules.length > 0 && (
              <tr className={styles.rulesRow}>
                <td colSpan={9}>
                  <FiredRules rules={session.risk_rules} />
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
      {sessions.length >= MONITORING_LIST_LIMIT && (
        <p className={cx("muted", styles.small)}>{text.listNote(MONITORING_LIST_LIMIT)}</p>
      )}
    </ScrollBox>
  );
}
