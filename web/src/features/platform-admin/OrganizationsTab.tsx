import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type AdminOrganization,
  ORGANIZATION_STATUS_FILTERS,
  type OrganizationSort,
  type OrganizationStatusFilter,
  type Page,
  platformAdminEndpoints,
} from "../../../../contract/platform-admin";
import { endpointKey, readFromNow, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { EmptyState } from "../../ui/EmptyState";
import { formatDate } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure, useAdminSession } from "./AdminSession";
import { PagedTable } from "./PagedTable";
import { StatusBadge } from "./StatusBadge";
import { keepShowing, loadWords } from "./tabLoad";
import { useSearchedPages } from "./useSearchedPages";

/**
 * Organizations: the status filter, the table, and activate / suspend. The row changes only once
 * the server has changed it; inactive is shown but cannot be set (spec part 2 section 4).
 */
export function OrganizationsTab({ search }: { search: string }) {
  const [status, setStatus] = useState<OrganizationStatusFilter>("all");
  // Newest first, as the spec lists them, until the admin sorts by a column.
  const paging = useSearchedPages<OrganizationSort>(search, { key: "created", direction: "descending" });
  const input = { query: { status, ...paging.query } };
  const query = useEndpointQuery(platformAdminEndpoints.organizations, input, keepShowing);
  useAdminFailure(query.error);
  const queryClient = useQueryClient();
  const setStatusOf = useEndpointMutation(platformAdminEndpoints.setStatus);
  const [suspending, setSuspending] = useState<AdminOrganization | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const toast = useToast();
  const { handleFailure } = useAdminSession();

  const change = async (organization: AdminOrganization, next: "active" | "suspended") => {
    setBusyId(organization.id);
    try {
      const { organization: updated } = await setStatusOf.mutateAsync({
        params: { id: organization.id },
        body: { status: next },
      });
      // Every page of the list that holds it, not only the one read when the button was pressed: a
      // search typed just before (read after the click) kept showing the old status for good.
      const everyPage = endpointKey(platformAdminEndpoints.organizations);
      queryClient.setQueriesData<Page<AdminOrganization>>(
        { queryKey: everyPage },
        (page) => page && { ...page, items: page.items.map((o) => (o.id === updated.id ? updated : o)) },
      );
      // A page read before the change, still on its way, is read again.
      void readFromNow(queryClient, everyPage);
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
      <div className={styles.sectionHead}>
        <h1 id="adm-orgs-title">Organizations</h1>
        <label className={styles.filter}>
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OrganizationStatusFilter);
              paging.setOffset(0);
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
        data={query.data}
        error={query.error?.message}
        onRetry={() => void query.refetch()}
        {...loadWords("organizations")}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyState title="No organizations match." />}
      >
        {(page) => (
          <PagedTable
            labelledBy="adm-orgs-title"
            columns={[
              { label: "Organization", sort: "name" },
              { label: "Owner", sort: "owner" },
              { label: "Members", sort: "members", first: "descending" },
              { label: "Status", sort: "status" },
              { label: "Created", sort: "created", first: "descending" },
              "Actions",
            ]}
            sort={paging.sort}
            onSort={paging.sortBy}
            page={page}
            onOffset={paging.setOffset}
          >
            {page.items.map((organization) => (
              <tr key={organization.id}>
                <td>
                  <span className={styles.strong}>{organization.name}</span>
                  <span className={styles.sub}>{organization.description || "No description"}</span>
                </td>
                <td>
                  <span>{organization.owner_name ?? "Unknown"}</span>
                  <span className={styles.sub}>
                    {organization.owner_email && <Email address={organization.owner_email} />}
                  </span>
                </td>
                <td className={styles.num}>{organization.member_count.toLocaleString()}</td>
                <td>
                  <StatusBadge value={organization.status} />
                </td>
                <td>{formatDate(organization.created_at)}</td>
                <td className={styles.actions}>
                  <button
                    type="button"
                    className={cx("btn", styles.small)}
                    disabled={organization.status === "active" || busyId === organization.id}
                    onClick={() => void change(organization, "active")}
                    aria-label={`Activate ${organization.name}`}
                  >
                    Activate
                  </button>
                  <button
                    type="button"
                    className={cx("btn btn-danger", styles.small)}
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
