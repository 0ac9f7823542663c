import { useState } from "react";
import { messages } from "../../../../contract/messages";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { useToast } from "../../ui/Toast";
import { useAuth } from "../accounts/AuthProvider";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./LeaveOrganization.module.css";
import profilePage from "./ProfilePage.module.css";

/**
 * The member's own membership: Leave organization, asked again first. The owner cannot leave and
 * is told so instead of being offered a button that would be refused.
 */
export function LeaveOrganization({ organization }: { organization: OrganizationProfile }) {
  const { user } = useAuth();
  const { refresh } = useWorkspace();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const owner = user?.id === organization.owner_id;

  /** The dialog shows it busy, closes when it is done and shows a refusal inside. */
  async function leave() {
    const { message } = await call(organizationsEndpoints.leave, { params: { id: organization.id } });
    toast(message);
    // The workspace moves to another of the user's organizations, or to none.
    void refresh();
  }

  return (
    <section className={cx("card", profilePage.card, styles.leave)} aria-labelledby="op-leave-title">
      <h2 id="op-leave-title">Your membership</h2>
      {owner ? (
        <p className="muted">{messages.ownerCannotLeave}</p>
      ) : (
        <>
          <p className="muted">
            Leaving ends your access to {organization.name}: its channels, rooms and elections. Your messages
            stay, and votes you cast stay counted.
          </p>
          <button type="button" className={cx("btn", styles.leaveButton)} onClick={() => setAsking(true)}>
            Leave organization
          </button>
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={`Leave ${organization.name}?`}
          onClose={() => setAsking(false)}
          onConfirm={leave}
          confirmLabel="Leave organization"
          busyLabel="Leaving..."
          cancelLabel="Cancel"
        >
          <p>
            You will no longer see its channels, rooms or elections, and you can come back only by joining
            again. Your messages stay under your name; votes you already cast stay counted.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
