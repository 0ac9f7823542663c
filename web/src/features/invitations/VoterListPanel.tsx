import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { invitationsEndpoints } from "../../../../contract/invitations";
import { endpointKey, readFromNow, useEndpointQuery } from "../../api/query";
import { cx } from "../../ui/cx";
import { formatCount, formatDate } from "../../ui/format";
import { LoadState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import profilePage from "../organizations/ProfilePage.module.css";
import { InvitationsTable } from "./InvitationsTable";
import { VoterListImport } from "./VoterListImport";
import styles from "./VoterListPanel.module.css";

/**
 * The organization's voter lists for its administrators: import a CSV (preview, then invitations
 * by e-mail), and follow each invitation (sent, delivered, failed, accepted, revoked, expired) with
 * Resend and Revoke.
 */
export function VoterListPanel({ organizationId }: { organizationId: string }) {
  const queryClient = useQueryClient();
  const input = { params: { id: organizationId } };
  const overview = useEndpointQuery(invitationsEndpoints.list, input, { refetchInterval: 15_000 });
  const [status, setStatus] = useState<string | null>(null);
  /** Each import starts the table afresh: a resend or revoke notice from before it is no longer news. */
  const [imports, setImports] = useState(0);
  const refresh = () => void readFromNow(queryClient, endpointKey(invitationsEndpoints.list));

  return (
    <section className={cx("card", profilePage.card)} aria-labelledby="op-voter-list">
      <h2 id="op-voter-list">Voter List</h2>
      <p className={cx("muted", profilePage.cardSub)}>
        Invite the voters you already have: upload a CSV with a header row and the columns Full name and Email
        (Phone, ID type, ID number and Weight are optional). Each person receives a link that works once and
        joins them to the organization.
      </p>
      <VoterListImport
        organizationId={organizationId}
        onSent={(message) => {
          setStatus(message);
          setImports((n) => n + 1);
          refresh();
        }}
      />
      {status && <Status className={profilePage.status}>{status}</Status>}
      <LoadState
        data={overview.data}
        error={overview.isFetching ? null : overview.error?.message}
        loadingLabel="Loading invitations..."
        errorTitle="The invitations could not be loaded"
        retryLabel="Retry"
        onRetry={() => void overview.refetch()}
        isEmpty={(data) => data.lists.length === 0}
        empty={<p className="muted">No voter list imported yet.</p>}
      >
        {(data) => (
          <>
            <h3 className={styles.subhead}>Imported lists</h3>
            <ul className={styles.lists}>
              {data.lists.map((list) => (
                <li key={list.id}>
                  <strong>{list.name}</strong>{" "}
                  <span className="muted">
                    {formatDate(list.created_at)} · {formatCount(list.invited)} invited ·{" "}
                    {formatCount(list.joined)} joined
                  </span>
                </li>
              ))}
            </ul>
            <InvitationsTable
              key={imports}
              invitations={data.invitations}
              onChanged={() => {
                // "N invitations sent." was about the import; a resend or revoke since has its own words.
                setStatus(null);
                refresh();
              }}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}
