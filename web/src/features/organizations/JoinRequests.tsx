import { useEffect, useRef, useState } from "react";
import type { JoinRequest } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { useLocation } from "../../router";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { formatDateTime } from "../../ui/format";
import { Status } from "../../ui/Status";
import { errorText } from "./errors";
import styles from "./ProfilePage.module.css";
import { JOIN_REQUESTS_ID, useJoinRequests } from "./useJoinRequests";

/**
 * Pending join requests for administrators, with Approve and Decline. Hidden while there are none,
 * unless the organization requires approval (then it says there are none).
 */
export function JoinRequests({
  organizationId,
  requireApproval,
  onDecided,
}: {
  organizationId: string;
  requireApproval: boolean;
  onDecided(): void;
}) {
  const [decideError, setDecideError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const { query, requests, setRequests } = useJoinRequests(organizationId);
  const error = decideError ?? (query.error ? errorText(query.error) : null);

  // Arriving from a link to the requests (the administrator's home): the card, once its list is read.
  const { hash } = useLocation();
  const card = useRef<HTMLElement>(null);
  const listed = requests !== null;
  useEffect(() => {
    if (hash !== `#${JOIN_REQUESTS_ID}` || !listed) return;
    // The focus too, so a keyboard or screen reader carries on from the requests.
    card.current?.focus({ preventScroll: true });
    card.current?.scrollIntoView({ block: "start" });
  }, [hash, listed]);

  // Turning approval on is a reason to look again.
  const { refetch } = query;
  const approvalSeen = useRef(requireApproval);
  useEffect(() => {
    if (approvalSeen.current === requireApproval) return;
    approvalSeen.current = requireApproval;
    void refetch();
  }, [requireApproval, refetch]);

  async function decide(request: JoinRequest, approve: boolean) {
    setBusy(request.id);
    setDecideError(null);
    setStatus(null);
    try {
      await call(approve ? organizationsEndpoints.approve : organizationsEndpoints.decline, {
        params: { id: request.id },
      });
      setRequests((list) => list.filter((r) => r.id !== request.id));
      setStatus(
        approve ? `${request.full_name} is now a member.` : `${request.full_name}'s request was declined.`,
      );
      onDecided();
    } catch (failure) {
      await query.refetch();
      setDecideError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  const count = requests?.length ?? 0;
  if (count === 0 && !requireApproval && !error && !status) return null;

  return (
    <section
      ref={card}
      id={JOIN_REQUESTS_ID}
      tabIndex={-1}
      className={cx("card", styles.card)}
      aria-labelledby="op-requests"
    >
      <h2 id="op-requests">Join Requests {count > 0 && <span className={styles.badge}>{count}</span>}</h2>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {status && <Status className={styles.status}>{status}</Status>}
      {requests === null && !error && <Status className="muted">Loading requests...</Status>}
      {requests !== null && count === 0 && <p className="muted">No pending join requests.</p>}
      {count > 0 && (
        <ul className={styles.requests}>
          {requests?.map((request) => (
            <li key={request.id} className={styles.request}>
              <span className={styles.requestWho}>
                <strong title={request.full_name}>{request.full_name}</strong>
                <span className={cx("muted", styles.requestEmail)}>
                  <Email address={request.email} />
                </span>
                <span className={styles.requestWhen}>Requested {formatDateTime(request.created_at)}</span>
                {request.same_id_number_as && (
                  <span className={styles.requestHeld} role="note">
                    Held: same ID number as member {request.same_id_number_as.full_name}. Approving admits
                    this account in their place; declining keeps {request.same_id_number_as.full_name}.
                  </span>
                )}
              </span>
              <span className={styles.requestActions}>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy === request.id}
                  onClick={() => void decide(request, true)}
                  aria-label={`Approve ${request.full_name}`}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={busy === request.id}
                  onClick={() => void decide(request, false)}
                  aria-label={`Decline ${request.full_name}`}
                >
                  Decline
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
