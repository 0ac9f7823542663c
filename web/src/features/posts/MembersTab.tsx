import { useLive } from "../../api/useRealtime";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { LongListFilter, LongListFoot } from "../../ui/LongList";
import { useAuth } from "../accounts/AuthProvider";
import { useMemberList } from "../workspace/useMemberList";
import { useWorkspace } from "../workspace/WorkspaceContext";
import parts from "./ChannelParts.module.css";
import styles from "./MembersTab.module.css";
import { text } from "./text";

/**
 * The organization's members: administrators first, then who is online, then by name; found by
 * name and shown fifty at a time (a large organization has thousands).
 */
export function MembersTab() {
  const { members, online } = useWorkspace();
  const { user } = useAuth();
  // The user is online to themselves (even hidden from others by their privacy setting), but only
  // while live: with the connection lost no one is shown online, the user included.
  const live = useLive();
  const isOnline = (id: string) => online.has(id) || (live && id === user?.id);
  const sorted = [...members].sort(
    (a, b) =>
      Number(b.role === "admin") - Number(a.role === "admin") ||
      Number(isOnline(b.user_id)) - Number(isOnline(a.user_id)) ||
      a.full_name.localeCompare(b.full_name),
  );
  const list = useMemberList(sorted);
  return (
    <div className={parts.panelInner}>
      <h2 className={parts.panelTitle}>{text.membersTitle(members.length)}</h2>
      <LongListFilter list={list} className={styles.filter} />
      <ul className={styles.members} ref={list.listRef}>
        {list.shown.map((member) => {
          const on = isOnline(member.user_id);
          return (
            <li key={member.user_id} className={styles.member} data-row tabIndex={-1}>
              <span className={styles.memberAvatar}>
                <Avatar name={member.full_name} size={36} />
                <span
                  className={on ? cx(styles.presence, styles.presenceOn) : styles.presence}
                  aria-hidden="true"
                />
              </span>
              <span className={styles.memberText}>
                <span className={styles.memberName}>
                  {member.full_name}
                  {member.user_id === user?.id && <span className={styles.memberYou}> ({text.you})</span>}
                </span>
                {/* Given to other members only when they chose to share it (settings › privacy). */}
                {member.email && <Email address={member.email} truncate className={styles.memberEmail} />}
                <span className={styles.memberMeta}>
                  <span className={member.role === "admin" ? styles.roleAdmin : undefined}>
                    {member.role === "admin" ? text.admin : text.voter}
                  </span>
                  <span className={on ? styles.online : undefined}>{on ? text.online : text.offline}</span>
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <LongListFoot list={list} className={styles.more} />
    </div>
  );
}
