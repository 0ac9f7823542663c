import { useEffect, useRef, useState } from "react";
import type { UserType } from "../../../../contract/accounts";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { call } from "../../api/client";
import { Link, useNavigate } from "../../router";
import { Avatar } from "../../ui/Avatar";
import { Tooltip } from "../../ui/Tooltip";
import { useAuth } from "../accounts/AuthProvider";
import { markSignedOut, writeCachedProfile } from "../accounts/storage";
import { GearIcon, LogOutIcon, UserIcon } from "./icons";
import { shellText as text } from "./shellText";
import styles from "./UserFooter.module.css";
import { type Area, useWorkspace } from "./WorkspaceContext";
import buttons from "./workspaceButtons.module.css";

/**
 * The footer's role: the role in the organization on screen, as its Members list says it. A voter
 * account that is a member is a "Voter" (the spec's label); an organization account that only joined
 * this organization is a "Member" here, not a voter (it cannot vote as one).
 */
export function roleLabel(userType: UserType, role: "admin" | "member"): string {
  if (role === "admin") return text.roleAdmin;
  return userType === "voter" ? text.roleVoter : text.roleMember;
}

/** The signed-in user, their role here, and Settings, Voter Profile and Sign Out. */
export function UserFooter({ area }: { area: Area }) {
  const { user, signOut } = useAuth();
  const { current } = useWorkspace();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const latestSignOut = useRef(signOut);
  latestSignOut.current = signOut;
  /** Set once the user chose to sign out and the area is being left. */
  const left = useRef(false);
  const mounted = useRef(true);

  // Sign-out returns to /: signed out while still inside the area, its guard would send the user
  // to /signin instead. So the area is left first and the signed-in state cleared once it is gone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (left.current) void latestSignOut.current().catch(() => undefined);
    };
  }, []);

  if (!user) return null;
  const role = roleLabel(
    user.user_type,
    current ? current.role : user.user_type === "organization" ? "admin" : "member",
  );
  return (
    <div className={styles.user}>
      <Avatar name={user.full_name} size={34} />
      <div className={styles.userText}>
        <span className={styles.userName}>{user.full_name}</span>
        <span className={styles.userRole}>{role}</span>
      </div>
      <div className={styles.userActions}>
        <Tooltip text={text.settings} side="top">
          <Link to={`/${area}/settings`} className={buttons.iconButton} aria-label={text.settings}>
            <GearIcon size={17} />
          </Link>
        </Tooltip>
        <Tooltip text={text.voterProfile} side="top">
          <Link to="/voters" className={buttons.iconButton} aria-label={text.voterProfile}>
            <UserIcon size={17} />
          </Link>
        </Tooltip>
        <Tooltip text={text.signOut} side="top">
          <button
            type="button"
            className={buttons.iconButton}
            aria-label={text.signOut}
            disabled={leaving}
            onClick={async () => {
              setLeaving(true);
              // The server's session and the cached record end now; the in-memory user when the
              // area is gone (see above). A failed request still signs out locally.
              // Marked before the server ends the session, so this browser's other tabs, told of it,
              // say they were signed out here, and anything reading storage at / finds it so.
              markSignedOut();
              await call(accountsEndpoints.signOut).catch(() => undefined);
              writeCachedProfile(null);
              left.current = true;
              navigate("/", { replace: true });
              // Should the page not change, the signed-in state still ends.
              setTimeout(() => {
                if (mounted.current) void latestSignOut.current().catch(() => undefined);
              }, 3000);
            }}
          >
            <LogOutIcon size={17} />
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
