import { useState } from "react";
import type { AdminActionEntry } from "../../../../contract/admin";
import { adminApi } from "./api";
import { formatTime, LoadState, matching, Pager } from "./parts";
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
  const { load, reload } = useAdminData(() => adminApi.actions({ offset }), [offset]);
  return (
    <section aria-labelledby="adm-audit-title">
      <div className="adm-section-head">
        <h1 id="adm-audit-title">Audit Log</h1>
        <button
          type="button"
          className="btn"
          onClick={() => void reload()}
          disabled={load.status === "loading"}
        >
          {load.status === "loading" ? "Refreshing..." : "Refresh"}
        </button>
      </div>
      <LoadState load={load} what="the audit log" onRetry={() => void reload()}>
        {(page) => {
          const rows = matching(
            page.items,
            search,
            (e) =>
              `${ACTION_NAMES[e.action] ?? e.action} ${e.admin_username ?? ""} ${describeTarget(e)} ${e.ip}`,
          );
          return (
            <div className="card adm-card adm-table-card">
              {rows.length === 0 ? (
                <p className="adm-state">
                  {search ? "No action matches the search." : "No actions recorded yet."}
                </p>
              ) : (
                <table className="adm-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Admin</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Address</th>
                    </tr>
                  </thead>
                  <tbody>
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
                  </tbody>
                </table>
              )}
              <Pager page={page} onOffset={setOffset} />
            </div>
          );
        }}
      </LoadState>
    </section>
  );
}
