import {
  MONITORING_LIST_LIMIT,
  type MonitoredSession,
  type SessionStatus,
} from "../../../../contract/monitoring";
import { Badge } from "../../ui/Badge";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import type { SortDirection, SortValue } from "../../ui/sort";
import { dateValue, ScrollBox, SortHeader, sortRows, useSort } from "../../ui/Table";
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

/** How serious a status is: sorted by Status, the most serious first at a first press. */
const STATUS_RANK: Record<SessionStatus, number> = { completed: 0, active: 1, suspicious: 2, blocked: 3 };

type SortKey = "user" | "election" | "risk" | "status" | "time";

const SORT_VALUES: Record<SortKey, (session: MonitoredSession) => SortValue> = {
  user: (session) => session.full_name,
  election: (session) => session.election_title,
  risk: (session) => session.risk_score,
  status: (session) => STATUS_RANK[session.status],
  time: (session) => dateValue(session.created_at),
};

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
 * Sorted by User, Election, AI Risk, Status or Time as the administrator chooses (ui/Sort.tsx): the
 * page holds the whole list (the newest 50, as its note says), so it sorts it itself.
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
  const { sort, toggle } = useSort<SortKey>({ key: "time", direction: "descending" });
  const sortHeader = (column: SortKey, first?: SortDirection) => (
    <SortHeader column={column} label={text.columns[column]} first={first} sort={sort} onSort={toggle} />
  );
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
            {sortHeader("user")}
            {sortHeader("election")}
            <th scope="col">{text.columns.location}</th>
            <th scope="col">{text.columns.device}</th>
            <th scope="col">{text.columns.network}</th>
            {sortHeader("risk", "descending")}
            {sortHeader("status", "descending")}
            {sortHeader("time", "descending")}
            <th scope="col">
              <span className="visually-hidden">{text.columns.actions}</span>
            </th>
          </tr>
        </thead>
        {sortRows(sessions, sort, SORT_VALUES).map((session) => (
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
                    session.risk_score >= blockRisk &&
                    !session.voting_over && (
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
