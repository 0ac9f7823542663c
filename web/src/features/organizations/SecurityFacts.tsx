import type { OrganizationProfile } from "../../../../contract/organizations";
import { cx } from "../../ui/cx";
import styles from "./ProfilePage.module.css";

/** What is actually true of this organization and of the server; nothing here is a claim we cannot back. */
export function SecurityFacts({ profile }: { profile: OrganizationProfile }) {
  const facts: Array<{ label: string; value: string; on: boolean }> = [
    { label: "Passwords", value: "Hashed with argon2id", on: true },
    { label: "Sessions", value: "httpOnly, SameSite cookies; idle sessions expire", on: true },
    {
      label: "Two-factor sign-in for the owner",
      value: profile.two_factor_required ? "On" : "Off",
      on: profile.two_factor_required,
    },
    {
      label: "Joins require approval",
      value: profile.require_approval ? "On" : "Off",
      on: profile.require_approval,
    },
    {
      label: "Listed publicly",
      value: profile.is_public ? "Yes" : "No, invite link only",
      on: profile.is_public,
    },
    {
      label: "Who can share the invite link",
      value: profile.allow_member_invites ? "Administrators and members" : "Administrators only",
      on: !profile.allow_member_invites,
    },
    { label: "Invite link", value: "Random code, revocable by administrators", on: true },
    { label: "Uploads", value: "Type-checked images and files, 10 MB at most", on: true },
  ];
  return (
    <section className={cx("card", styles.card)} aria-labelledby="op-security">
      <h2 id="op-security">Security &amp; Compliance</h2>
      <ul className={styles.facts}>
        {facts.map((fact) => (
          <li key={fact.label} className={styles.fact}>
            <span className={cx(styles.factDot, fact.on && styles.factOn)} aria-hidden="true" />
            <span className={styles.factLabel}>{fact.label}</span>
            <span className={styles.factValue}>{fact.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
