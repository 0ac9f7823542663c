import { adminEndpoints } from "../../../../contract/admin";
import { formatDate, LoadState, PagedTable, useSearchedPages } from "./parts";
import { useAdminData } from "./useAdminData";

const ROLE_NAMES = { voter: "Voter", organization: "Organization" } as const;

/** Members: every account, newest first, with its current organization. */
export function MembersTab({ search }: { search: string }) {
  const { q, offset, setOffset } = useSearchedPages(search);
  const { load, reload } = useAdminData(adminEndpoints.members, { query: { q, offset } });
  return (
    <section aria-labelledby="adm-members-title">
      <div className="adm-section-head">
        <h1 id="adm-members-title">Members</h1>
      </div>
      <LoadState
        load={load}
        what="members"
        onRetry={() => void reload()}
        empty={(page) => (page.items.length === 0 ? "No members match." : null)}
      >
        {(page) => (
          <PagedTable
            columns={["Name", "Email", "Role", "Organization", "Joined"]}
            page={page}
            onOffset={setOffset}
          >
            {page.items.map((member) => (
              <tr key={member.id}>
                <td className="adm-strong">{member.full_name || "Unknown User"}</td>
                <td>{member.email}</td>
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
