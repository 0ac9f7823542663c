import { useState } from "react";
import { messages } from "../../../../contract/messages";
import type { Member, OrganizationProfile } from "../../../../contract/organizations";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { call } from "../../api/client";
import { Avatar } from "../../ui/Avatar";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { LongListFilter, LongListFoot } from "../../ui/LongList";
import { Status } from "../../ui/Status";
import { useAuth } from "../accounts/AuthProvider";
import { useMemberList } from "../workspace/useMemberList";
import { useWorkspace } from "../workspace/WorkspaceContext";
import styles from "./MembersPanel.module.css";
import profilePage from "./ProfilePage.module.css";

type Pending = { kind: "remove" | "role"; member: Member };

/** What an administrator may do to this member: the server's rules, so no button is refused. */
function actionsFor(member: Member, organization: OrganizationProfile, myId: string | undefined) {
  const open = organization.can.manage && member.user_id !== myId && member.user_id !== organization.owner_id;
  return {
    remove: open,
    makeAdmin: open && member.role === "member" && member.user_type === "organization",
    takeAdmin: open && member.role === "admin",
  };
}

function roleLabel(member: Member, organization: OrganizationProfile): string {
  if (member.user_id === organization.owner_id) return "Owner";
  return member.role === "admin" ? "Administrator" : "Member";
}

/**
 * The organization's members (live: the workspace refetches them on every membership event), found
 * by name or address and shown fifty at a time (a large organization has thousands). An
 * administrator makes an organization account an administrator or takes it back, and removes
 * members, each asked again first; the owner and the administrator's own row have no actions.
 */
export function MembersPanel({ organization }: { organization: OrganizationProfile }) {
  const { user } = useAuth();
  const { members, refreshMembers } = useWorkspace();
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const list = useMemberList(members);

  /** The dialog shows it busy, closes when it is done and shows a refusal inside. */
  async function confirm({ kind, member }: Pending) {
    const params = { id: organization.id, userId: member.user_id };
    if (kind === "remove") {
      setStatus((await call(organizationsEndpoints.removeMember, { params })).message);
    } else {
      const role = member.role === "admin" ? "member" : "admin";
      await call(organizationsEndpoints.setMemberRole, { params, body: { role } });
      setStatus(
        role === "admin"
          ? messages.memberNowAdmin(member.full_name)
          : messages.memberNowMember(member.full_name),
      );
    }
    void refreshMembers().catch(() => undefined);
  }

  const hasVoters = organization.can.manage && members.some((m) => m.user_type === "voter");
  return (
    <section className={cx("card", profilePage.card)} aria-labelledby="op-members-title">
      <h2 id="op-members-title">
        Members <span className={profilePage.badge}>{members.length}</span>
      </h2>
      {hasVoters && <p className={cx("muted", profilePage.cardSub)}>{messages.votersNeverAdmins}.</p>}
      {status && <Status className={profilePage.status}>{status}</Status>}
      <LongListFilter list={list} className={styles.filter} />
      <ul className={styles.list} ref={list.listRef}>
        {list.shown.map((member) => {
          const can = actionsFor(member, organization, user?.id);
          return (
            <li key={member.user_id} className={styles.row} data-row tabIndex={-1}>
              <Avatar name={member.full_name} size={36} />
              <span className={styles.who}>
                <strong title={member.full_name}>
                  {member.full_name}
                  {member.user_id === user?.id && <span className="muted"> (you)</span>}
                </strong>
                <span className={styles.meta}>
                  <span className={cx(styles.role, member.role === "admin" && styles.roleAdmin)}>
                    {roleLabel(member, organization)}
                  </span>
                  {member.user_type === "voter" ? "Voter account" : "Organization account"}
                  {member.email && " ·"}
                  {member.email && <Email address={member.email} truncate className={styles.email} />}
                </span>
              </span>
              <span className={styles.actions}>
                {(can.makeAdmin || can.takeAdmin) && (
                  <button
                    type="button"
                    className="btn"
                    aria-label={`${can.makeAdmin ? "Make admin" : "Remove admin"}: ${member.full_name}`}
                    onClick={() => setPending({ kind: "role", member })}
                  >
                    {can.makeAdmin ? "Make admin" : "Remove admin"}
                  </button>
                )}
                {can.remove && (
                  <button
                    type="button"
                    className={cx("btn", styles.remove)}
                    aria-label={`Remove ${member.full_name}`}
                    onClick={() => setPending({ kind: "remove", member })}
                  >
                    Remove
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <LongListFoot list={list} className={styles.more} />
      {pending && (
        <ConfirmDialog
          title={confirmTitle(pending)}
          onClose={() => setPending(null)}
          onConfirm={() => confirm(pending)}
          tone={pending.kind === "remove" ? "danger" : "primary"}
          confirmLabel={confirmTitle(pending).replace(/\?$/, "")}
          busyLabel="Saving..."
          cancelLabel="Cancel"
        >
          <p>{confirmBody(pending, organization.name)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function confirmTitle({ kind, member }: Pending): string {
  if (kind === "remove") return `Remove ${member.full_name}?`;
  return member.role === "admin"
    ? `Remove admin from ${member.full_name}?`
    : `Make ${member.full_name} an admin?`;
}

function confirmBody({ kind, member }: Pending, organizationName: string): string {
  if (kind === "remove")
    return `${member.full_name} loses access to ${organizationName}: its channels, rooms and elections. Their messages stay; votes they cast stay counted. They can come back only by joining again.`;
  return member.role === "admin"
    ? `${member.full_name} stays a member but no longer manages the organization.`
    : `${member.full_name} will manage the organization as you do: settings, channels, elections, join requests, members and security monitoring.`;
}
