import {
  ADMIN_ACTION_NAMES,
  type AdminActionEntry,
  platformAdminEndpoints,
} from "../../../../contract/platform-admin";
import { useEndpointQuery } from "../../api/query";
import { formatDateTime } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure } from "./AdminSession";
import { PagedTable } from "./PagedTable";
import { RefreshButton } from "./RefreshButton";
import { keepShowing, loadWords } from "./tabLoad";
import { useSearchedPages } from "./useSearchedPages";

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
  // Searched on the server, through the whole log (it searched the page on screen only).
  const { q, offset, setOffset } = useSearchedPages(search);
  const query = useEndpointQuery(platformAdminEndpoints.actions, { query: { q, offset } }, keepShowing);
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
          const rows = page.items;
          const none = q ? "No action matches the search." : "No actions recorded yet.";
          return (
            <PagedTable
              labelledBy="adm-audit-title"
              columns={["When", "Admin", "Action", "Target", "Address"]}
              page={page}
              onOffset={setOffset}
              emptyText={rows.length === 0 ? none : undefined}
            >
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.when}>{formatDateTime(entry.created_at)}</td>
                  <td>{entry.admin_username ?? <span className="muted">Unknown</span>}</td>
                  <td className={entry.action.startsWith("session.sign_in_") ? styles.failed : undefined}>
                    {ADMIN_ACTION_NAMES[entry.action] ?? entry.action}
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
