import { useState } from "react";
import { adminApi } from "./api";
import { formatDate, LoadState, Pager, useDebounced } from "./parts";
import { useAdminData } from "./useAdminData";

const ROLE_NAMES = { voter: "Voter", organization: "Organization" } as const;

/** Members: every account, newest first, with its current organization. */
export function MembersTab({ search }: { search: string }) {
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim());
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setOffset(0);
  }
  const { load, reload } = useAdminData(() => adminApi.members({ q, offset }), [q, offset]);
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
          <div className="card adm-card adm-table-card">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Organization</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((member) => (
                  <tr key={member.id}>
                    <td className="adm-strong">{member.full_name || "Unknown User"}</td>
                    <td>{member.email}</td>
                    <td>{ROLE_NAMES[member.role]}</td>
                    <td>{member.organization_name ?? <span className="muted">No organization</span>}</td>
                    <td>{formatDate(member.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} onOffset={setOffset} />
          </div>
        )}
      </LoadState>
    </section>
  );
}
