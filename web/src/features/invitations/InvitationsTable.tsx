import { useRef, useState } from "react";
import {
  type Invitation,
  type InvitationState,
  invitationsEndpoints,
  voterListMessages,
} from "../../../../contract/invitations";
import { call } from "../../api/client";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Email } from "../../ui/Email";
import { FilterField } from "../../ui/FilterField";
import { formatDateTime } from "../../ui/format";
import { messageOf } from "../../ui/messageOf";
import type { SortValue } from "../../ui/sort";
import { dateValue, SortHeader, sortRows, Table, useSort } from "../../ui/Table";
import styles from "./VoterListPanel.module.css";

const STATES: Record<InvitationState, { label: string; tone: BadgeTone }> = {
  sent: { label: "Sent", tone: "grey" },
  delivered: { label: "Delivered", tone: "blue" },
  failed: { label: "Failed", tone: "red" },
  accepted: { label: "Accepted", tone: "green" },
  revoked: { label: "Revoked", tone: "grey" },
  expired: { label: "Expired", tone: "orange" },
};

/** The moment that matters for the state: accepted, else when it ended, else until when its link works. */
function when(invitation: Invitation): string {
  if (invitation.accepted_at) return `on ${formatDateTime(invitation.accepted_at)}`;
  if (invitation.state === "expired") return `on ${formatDateTime(invitation.expires_at)}`;
  if (invitation.revoked_at) return `on ${formatDateTime(invitation.revoked_at)}`;
  return `link until ${formatDateTime(invitation.expires_at)}`;
}

const open = (state: InvitationState) => state !== "accepted" && state !== "revoked";

/** Sorted by State, a first press puts first what needs the administrator: failed, expired, then pending. */
const STATE_RANK: Record<InvitationState, number> = {
  failed: 0,
  expired: 1,
  sent: 2,
  delivered: 3,
  accepted: 4,
  revoked: 5,
};

type SortKey = "invitee" | "state" | "sent";

/** From how many rows the table offers its search box. */
const FILTER_FROM = 8;
const FILTER_LABEL = "Filter by name or e-mail";
const NO_MATCH = "No invitation matches that name or address.";

const SORT_VALUES: Record<SortKey, (invitation: Invitation) => SortValue> = {
  invitee: (invitation) => invitation.full_name || invitation.email,
  state: (invitation) => STATE_RANK[invitation.state],
  sent: (invitation) => dateValue(invitation.sent_at),
};

/**
 * Each invitation with its state, newest first or sorted by invitee, state or when it was sent
 * (ui/Sort.tsx; a card each on a phone); Resend (a new link) and Revoke (asked again first) while
 * it is open.
 */
export function InvitationsTable({
  invitations,
  onChanged,
}: {
  invitations: Invitation[];
  onChanged(): void;
}) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  /** Where focus goes once a revoked row's buttons are gone: the words saying it was revoked. */
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The server lists them newest first.
  const { sort, toggle } = useSort<SortKey>({ key: "sent", direction: "descending" });
  // A list of hundreds (a voter list imported) is searched by name or address to find one row.
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? invitations.filter(
        (invitation) =>
          invitation.full_name.toLowerCase().includes(needle) ||
          invitation.email.toLowerCase().includes(needle),
      )
    : invitations;

  async function resend(invitation: Invitation) {
    setBusy(invitation.id);
    setStatus(null);
    try {
      const done = await call(invitationsEndpoints.resend, { params: { id: invitation.id } });
      setStatus({ ok: true, text: done.message });
      onChanged();
    } catch (failure) {
      setStatus({ ok: false, text: messageOf(failure) });
    } finally {
      setBusy(null);
    }
  }

  async function revoke(invitation: Invitation) {
    const done = await call(invitationsEndpoints.revoke, { params: { id: invitation.id } });
    setStatus({ ok: true, text: done.message });
    onChanged();
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  if (invitations.length === 0) return null;
  return (
    <>
      <h3 className={styles.subhead}>Invitations</h3>
      {status && (
        <p
          ref={statusRef}
          tabIndex={-1}
          className={status.ok ? styles.ok : "alert alert-error"}
          role={status.ok ? "status" : "alert"}
        >
          {status.text}
        </p>
      )}
      {invitations.length > FILTER_FROM && (
        <FilterField label={FILTER_LABEL} value={filter} onChange={setFilter} className={styles.filter} />
      )}
      {shown.length === 0 ? (
        <p className="muted">{NO_MATCH}</p>
      ) : (
        <Table compact stack label="Invitations and their states">
          <thead>
            <tr>
              <SortHeader column="invitee" label="Invitee" sort={sort} onSort={toggle} />
              <SortHeader column="state" label="State" sort={sort} onSort={toggle} />
              <SortHeader column="sent" label="Sent" first="descending" sort={sort} onSort={toggle} />
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sortRows(shown, sort, SORT_VALUES).map((invitation) => {
              const state = STATES[invitation.state];
              return (
                <tr key={invitation.id}>
                  <th scope="row" className={styles.invitee}>
                    <span className={styles.who}>
                      <strong>{invitation.full_name}</strong>
                      <span className={styles.email}>
                        <Email address={invitation.email} />
                      </span>
                    </span>
                  </th>
                  <td data-label="State">
                    <span className={styles.state}>
                      <Badge tone={state.tone}>{state.label}</Badge>
                      <span className={styles.when}>{when(invitation)}</span>
                    </span>
                    {invitation.failure && (
                      <span className={styles.failure}>
                        {invitation.state === "sent"
                          ? voterListMessages.retrying(invitation.failure)
                          : invitation.failure}
                      </span>
                    )}
                  </td>
                  <td data-label="Sent" className={styles.when}>
                    <time dateTime={invitation.sent_at}>{formatDateTime(invitation.sent_at)}</time>
                  </td>
                  <td>
                    {open(invitation.state) && (
                      <span className={styles.rowActions}>
                        <button
                          type="button"
                          className="btn"
                          disabled={busy === invitation.id}
                          aria-label={`Resend the invitation to ${invitation.email}`}
                          onClick={() => void resend(invitation)}
                        >
                          {busy === invitation.id ? "Sending..." : "Resend"}
                        </button>
                        <button
                          type="button"
                          className="btn"
                          aria-label={`Revoke the invitation to ${invitation.email}`}
                          onClick={() => setRevoking(invitation)}
                        >
                          Revoke
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke the invitation to ${revoking.email}?`}
          onClose={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          cancelLabel="Cancel"
        >
          <p>Its link stops working at once. You can invite this address again later.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
