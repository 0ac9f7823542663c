import { type MemberSort, platformAdminEndpoints } from "../../../../contract/platform-admin";
import { useEndpointQuery } from "../../api/query";
import { Email } from "../../ui/Email";
import { EmptyState } from "../../ui/EmptyState";
import { formatDate } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import styles from "./AdminDashboardPage.module.css";
import { useAdminFailure } from "./AdminSession";
import { PagedTable } from "./PagedTable";
import { keepShowing, loadWords } from "./tabLoad";
import { useSearchedPages } from "./useSearchedPages";

const ROLE_NAMES = { voter: "Voter", organization: "Organization" } as const;

/** Members: every account, newest first (or sorted by a column), with its current organization. */
export function MembersTab({ search }: { search: string }) {
  const paging = useSearchedPages<MemberSort>(search, { key: "joined", direction: "descending" });
  const query = useEndpointQuery(platformAdminEndpoints.members, { query: paging.query }, keepShowing);
  useAdminFailure(query.error);
  return (
    <section aria-labelledby="adm-members-title">
      <div className={styles.sectionHead}>
        <h1 id="adm-members-title">Members</h1>
      </div>
      <LoadState
        data={query.data}
        error={query.error?.message}
        onRetry={() => void query.refetch()}
        {...loadWords("members")}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyState title="No members match." />}
      >
        {(page) => (
          <PagedTable
            labelledBy="adm-members-title"
            columns={[
              { label: "Name", sort: "name" },
              { label: "Email", sort: "email" },
              { label: "Role", sort: "role" },
              { label: "Organization", sort: "organization" },
              { label: "Joined", sort: "joined", first: "descending" },
            ]}
            sort={paging.sort}
            onSort={paging.sortBy}
            page={page}
            onOffset={paging.setOffset}
          >
            {page.items.map((member) => (
              <tr key={member.id}>
                <td className={styles.strong}>{member.full_name || "Unknown User"}</td>
                <td>
                  <Email address={member.email} />
                </td>
                <td>{ROLE_NAMES[member.role]}</td>
                <td>{member.organization_name ?? <span className="muted">No organization</span>}</td>
                <td>{formatDate(member.created_at)}</td>
              </tr>
            ))}
          </PagedTable>
        )}
      </LoadState>
    </section>
  );
}
