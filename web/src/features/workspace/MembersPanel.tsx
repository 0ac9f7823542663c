import { useEffect, useState } from "react";
import { Avatar } from "../../ui/Avatar";
import { useAuth } from "../accounts/AuthProvider";
import { organizationsApi } from "../organizations/api";
import { CloseIcon } from "./icons";
import { text } from "./text";
import { useWorkspace } from "./WorkspaceContext";

/**
 * The floating button's panel. Until direct messages arrive it lists the organization's members,
 * online first, with presence from the realtime feed; every row is a real member.
 */
export function MembersPanel({ id, onClose }: { id: string; onClose(): void }) {
  const { members, online, currentId } = useWorkspace();
  const { user } = useAuth();
  // The viewer has the workspace open: they are online whatever the feed has said so far.
  const isOnline = (userId: string) => online.has(userId) || userId === user?.id;
  const sorted = [...members].sort(
    (a, b) =>
      Number(isOnline(b.user_id)) - Number(isOnline(a.user_id)) || a.full_name.localeCompare(b.full_name),
  );
  const seenOnline = members.filter((member) => isOnline(member.user_id)).length;
  // The server's count covers members who came online before this page subscribed (their dot
  // shows at their next change); until it answers, the dots' own count stands.
  const [counted, setCounted] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `online` changing is the reason to count again
  useEffect(() => {
    if (!currentId) return;
    let cancelled = false;
    organizationsApi
      .stats(currentId)
      .then((stats) => {
        if (!cancelled) setCounted(stats.online_now);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [currentId, online]);
  const onlineCount = Math.max(counted ?? 0, seenOnline);

  return (
    <section id={id} className="ws-panel" aria-label={text.members}>
      <header className="ws-panel-head">
        <div>
          <h2>{text.members}</h2>
          {currentId && <span className="ws-panel-sub">{text.onlineNow(onlineCount)}</span>}
        </div>
        <button type="button" className="ws-icon-button" aria-label={text.closePanel} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      </header>
      {!currentId ? (
        <p className="ws-panel-empty">{text.noOrganizationBody}</p>
      ) : sorted.length === 0 ? (
        <p className="ws-panel-empty">{text.noMembers}</p>
      ) : (
        <ul className="ws-member-list">
          {sorted.map((member) => {
            const on = isOnline(member.user_id);
            return (
              <li key={member.user_id} className="ws-member">
                <span className="ws-member-avatar">
                  <Avatar name={member.full_name} size={34} />
                  <span className={on ? "ws-presence ws-presence-on" : "ws-presence"} aria-hidden="true" />
                </span>
                <span className="ws-member-text">
                  <span className="ws-member-name">
                    {member.full_name}
                    {member.user_id === user?.id && <span className="ws-member-you"> ({text.you})</span>}
                  </span>
                  <span className="ws-member-role">
                    {member.role === "admin" ? text.roleAdmin : text.roleVoter}
                    <span className="visually-hidden">, {on ? "online" : "offline"}</span>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
