import { useState } from "react";
import type { AdminActionEntry } from "../../../../contract/platform-admin";
import { platformAdminEndpoints } from "../../../../contract/platform-admin";
import { useEndpointQuery } from "../../api/query";
import { formatDateTime } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure } from "./AdminSession";
import { PagedTable } from "./PagedTable";
import { RefreshButton } from "./RefreshButton";
import { keepShowing, loadWords, matching } from "./tabLoad";

const ACTION_NAMES: Record<string, string> = {
  "session.signed_in": "Signed in",
  "session.sign_in_failed": "Failed sign-in",
  "session.sign_in_refused": "Sign-in refused: too many attempts",
  "session.signed_out": "Signed out",
  "organization.activated": "Activated organization",
  "organization.suspended": "Suspended organization",
  "admin.created": "Admin account created",
};

function describeTarget(entry: AdminActionEntry): string {
  if (entry.target_type === "organization") return entry.target_name ?? "A deleted organization";
  if (entry.action === "session.sign_in_failed" || entry.action === "session.sign_in_refused")
    return entry.detail.username ? `as "${String(entry.detail.username)}"` : "an unknown username";
  if (entry.action === "admin.created")
    return `${String(entry.detail.username ?? "")} (${String(entry.detail.via ?? "")})`;
  return "";
}

/** The audit log: every admin action and failed sign-in, newest first. */
export function AuditLogTab({ search }: { search: string }) {
  const [offset, setOffset] = useState(0);
  const query = useEndpointQuery(platformAdminEndpoints.actions, { query: { offset } }, keepShowing);
  useAdminFailure(query.error);
  const reload = () => void query.refetch();
  return (
    <section aria-labelledby="adm-audit-title">
      <div className={styles.sectionHead}>
        <h1 id="adm-audit-title">Audit Log</h1>
        <RefreshButton busy={query.isFetching} onRefresh={reload} />
      </div>
      <LoadState
        data={query.data}
        error={query.error?.message}
        onRetry={reload}
        {...loadWords("the audit log")}
      >
        {(page) => {
          const rows = matching(
            page.items,
            search,
            (e) =>
              `${ACTION_NAMES[e.action] ?? e.action} ${e.admin_username ?? ""} ${describeTarget(e)} ${e.ip}`,
          );
          const none = search ? "No action matches the search." : "No actions recorded yet.";
          return (
            <PagedTable
              columns={["When", "Admin", "Action", "Target", "Address"]}
              page={page}
              onOffset={setOffset}
              emptyText={rows.length === 0 ? none : undefined}
            >
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.created_at)}</td>
                  <td>{entry.admin_username ?? <span className="muted">Unknown</span>}</td>
                  <td className={entry.action.startsWith("session.sign_in_") ? styles.failed : undefined}>
                    {ACTION_NAMES[entry.action] ?? entry.action}
                  </td>
                  <td>{describeTarget(entry)}</td>
                  <td className={styles.mono}>{entry.ip}</td>
                </tr>
              ))}
            </PagedTable>
          );
        }}
      </LoadState>
    </section>
  );
}
