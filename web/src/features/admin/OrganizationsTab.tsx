import { useState } from "react";
import {
  type AdminOrganization,
  adminEndpoints,
  ORGANIZATION_STATUS_FILTERS,
  type OrganizationStatusFilter,
  type Page,
} from "../../../../contract/admin";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { useAdminSession } from "./AdminSession";
import { Badge, formatDate, LoadState, PagedTable, useSearchedPages } from "./parts";
import { useAdminData } from "./useAdminData";

/**
 * Organizations: the status filter, the table, and activate / suspend. The row changes only once
 * the server has changed it; inactive is shown but cannot be set (spec part 2 section 4).
 */
export function OrganizationsTab({ search }: { search: string }) {
  const [status, setStatus] = useState<OrganizationStatusFilter>("all");
  const { q, offset, setOffset } = useSearchedPages(search);
  const { load, reload, setData } = useAdminData(adminEndpoints.organizations, {
    query: { status, q, offset },
  });
  const [suspending, setSuspending] = useState<AdminOrganization | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const toast = useToast();
  const { handleFailure } = useAdminSession();

  const change = async (organization: AdminOrganization, next: "active" | "suspended") => {
    setBusyId(organization.id);
    try {
      const { organization: updated } = await call(adminEndpoints.setStatus, {
        params: { id: organization.id },
        body: { status: next },
      });
      if (load.data) {
        const page: Page<AdminOrganization> = {
          ...load.data,
          items: load.data.items.map((o) => (o.id === updated.id ? updated : o)),
        };
        setData(page);
      }
      toast(next === "suspended" ? `${updated.name} is suspended` : `${updated.name} is active again`);
    } catch (failure) {
      handleFailure(failure);
      toast(messageOf(failure), "error");
    } finally {
      setBusyId(null);
      setSuspending(null);
    }
  };

  return (
    <section aria-labelledby="adm-orgs-title">
      <div className="adm-section-head">
        <h1 id="adm-orgs-title">Organizations</h1>
        <label className="adm-filter">
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OrganizationStatusFilter);
              setOffset(0);
            }}
          >
            {ORGANIZATION_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === "all" ? "All statuses" : value[0]?.toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState
        load={load}
        what="organizations"
        onRetry={() => void reload()}
        empty={(page) => (page.items.length === 0 ? "No organizations match." : null)}
      >
        {(page) => (
          <PagedTable
            columns={["Organization", "Owner", "Members", "Status", "Created", "Actions"]}
            page={page}
            onOffset={setOffset}
          >
            {page.items.map((organization) => (
              <tr key={organization.id}>
                <td>
                  <span className="adm-strong">{organization.name}</span>
                  <span className="adm-sub">{organization.description || "No description"}</span>
                </td>
                <td>
                  <span>{organization.owner_name ?? "Unknown"}</span>
                  <span className="adm-sub">{organization.owner_email ?? ""}</span>
                </td>
                <td className="adm-num">{organization.member_count.toLocaleString()}</td>
                <td>
                  <Badge value={organization.status} />
                </td>
                <td>{formatDate(organization.created_at)}</td>
                <td className="adm-actions">
                  <button
                    type="button"
                    className="btn adm-small"
                    disabled={organization.status === "active" || busyId === organization.id}
                    onClick={() => void change(organization, "active")}
                    aria-label={`Activate ${organization.name}`}
                  >
                    Activate
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger adm-small"
                    disabled={organization.status === "suspended" || busyId === organization.id}
                    onClick={() => setSuspending(organization)}
                    aria-label={`Suspend ${organization.name}`}
                  >
                    Suspend
                  </button>
                </td>
              </tr>
            ))}
          </PagedTable>
        )}
      </LoadState>
      {suspending && (
        <ConfirmDialog
          title={`Suspend ${suspending.name}?`}
          onClose={() => setSuspending(null)}
          onConfirm={() => void change(suspending, "suspended")}
          busy={busyId === suspending.id}
          confirmLabel="Suspend"
          busyLabel="Suspending..."
          cancelLabel="Cancel"
        >
          <p>
            It disappears from organization search and takes no new members. Its {suspending.member_count}{" "}
            {suspending.member_count === 1 ? "member" : "members"} can still read, but cannot post, join
            rooms, verify or vote until you activate it again. This action is recorded in the audit log.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
