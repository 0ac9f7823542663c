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
import { formatDateTime } from "../../ui/format";
import { messageOf } from "../../ui/messageOf";
import { Table } from "../../ui/Table";
import styles from "./VoterListPanel.module.css";

const STATES: Record<InvitationState, { label: string; tone: BadgeTone }> = {
  sent: { label: "Sent", tone: "grey" },
  delivered: { label: "Delivered", tone: "blue" },
  failed: { label: "Failed", tone: "red" },
  accepted: { label: "Accepted", tone: "green" },
  revoked: { label: "Revoked", tone: "grey" },
  expired: { label: "Expired", tone: "orange" },
};

/** The moment that matters for the state: accepted, else when it ends or ended, else when it was sent. */
function when(invitation: Invitation): string {
  if (invitation.accepted_at) return `on ${formatDateTime(invitation.accepted_at)}`;
  if (invitation.state === "expired") return `on ${formatDateTime(invitation.expires_at)}`;
  if (invitation.revoked_at) return `on ${formatDateTime(invitation.revoked_at)}`;
  return `${formatDateTime(invitation.sent_at)} · link until ${formatDateTime(invitation.expires_at)}`;
}

const open = (state: InvitationState) => state !== "accepted" && state !== "revoked";

/** Each invitation with its state; Resend (a new link) and Revoke (asked again first) while it is open. */
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
      <Table compact label="Invitations and their states">
        <thead>
          <tr>
            <th scope="col">Invitation</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => {
            const state = STATES[invitation.state];
            return (
              <tr key={invitation.id}>
                <td>
                  <span className={styles.who}>
                    <strong>{invitation.full_name}</strong>
                    <span className={styles.email}>
                      <Email address={invitation.email} />
                    </span>
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
                  </span>
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
