import type { ReactNode } from "react";
import { organizationsEndpoints } from "../../../../contract/organizations-endpoints";
import { useEndpointQuery } from "../../api/query";
import { Link, useLocation } from "../../router";
import { cx } from "../../ui/cx";
import styles from "./AuthCard.module.css";

/** The frame of the sign-up, sign-in and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <div className={cx("card", styles.card)}>
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" className={styles.brandMark} />
          Votespace
        </Link>
        <h1>{title}</h1>
        <p className={styles.sub}>{subtitle}</p>
        <InviteNote />
        {children}
      </div>
    </main>
  );
}

/**
 * Signed out on an invite link (/join/{code} sends the visitor here with its code): the page says
 * which organization invited them, and that the invitation waits for their account.
 */
function InviteNote() {
  const location = useLocation();
  const code = (location.state as { inviteCode?: string } | null)?.inviteCode ?? "";
  const invite = useEndpointQuery(
    organizationsEndpoints.invite,
    { params: { code } },
    { enabled: code !== "" },
  );
  if (!code || !invite.data) return null;
  return <p className="alert alert-info">{invitedTo(invite.data.organization.name)}</p>;
}

const invitedTo = (name: string) =>
  `You are invited to join ${name}. Create your account, or sign in, and the invitation opens again.`;
