import { useState } from "react";
import type { AdminActionEntry } from "../../../../contract/admin";
import { adminEndpoints } from "../../../../contract/admin";
import { formatTime, LoadState, matching, PagedTable, RefreshButton } from "./parts";
import { useAdminData } from "./useAdminData";

const ACTION_NAMES: Record<string, string> = {
  "session.signed_in": "Signed in",
  "session.sign_in_failed": "Failed sign-in",
  "session.signed_out": "Signed out",
  "organization.activated": "Activated organization",
  "organization.suspended": "Suspended organization",
  "admin.created": "Admin account created",
};

function describeTarget(entry: AdminActionEntry): string {
  if (entry.target_type === "organization") return entry.target_name ?? "A deleted organization";
  if (entry.action === "session.sign_in_failed") return `as "${String(entry.detail.username ?? "")}"`;
  if (entry.action === "admin.created")
    return `${String(entry.detail.username ?? "")} (${String(entry.detail.via ?? "")})`;
  return "";
}

/** The audit log: every admin action and failed sign-in, newest first. */
export function AuditLogTab({ search }: { search: string }) {
  const [offset, setOffset] = useState(0);
  const { load, reload } = useAdminData(adminEndpoints.actions, { query: { offset } });
  return (
    <section aria-labelledby="adm-audit-title">
      <div className="adm-section-head">
        <h1 id="adm-audit-title">Audit Log</h1>
        <RefreshButton load={load} onRefresh={() => void reload()} />
      </div>
      <LoadState load={load} what="the audit log" onRetry={() => void reload()}>
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
                  <td>{formatTime(entry.created_at)}</td>
                  <td>{entry.admin_username ?? <span className="muted">Unknown</span>}</td>
                  <td className={entry.action === "session.sign_in_failed" ? "adm-failed" : undefined}>
                    {ACTION_NAMES[entry.action] ?? entry.action}
                  </td>
                  <td>{describeTarget(entry)}</td>
                  <td className="adm-mono">{entry.ip}</td>
                </tr>
              ))}
            </PagedTable>
          );
        }}
      </LoadState>
    </section>
  );
}
