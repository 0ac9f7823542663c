import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { Link } from "../../router";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { BallotIcon, ShieldIcon } from "../../ui/icons";
import styles from "./VoterProfilePage.module.css";

export const ROLE_NAMES = { voter: "Voter", organization: "Organization" } as const;

export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** Who the user is: picture or initials, name, e-mail, badge, dates, ID facts and the quick links. */
export function IdentityCard({ profile }: { profile: VoterProfile }) {
  const name = profile.full_name.trim() || profileMessages.unnamed;
  return (
    <aside className={cx("card", styles.identity)}>
      <Avatar name={name} src={profile.avatar_url || null} size={96} className={styles.avatar} />
      <h2 className={styles.name}>{name}</h2>
      <p className={styles.email}>
        <Email address={profile.email} />
      </p>
      {profile.verified_voter && (
        <span
          className={styles.verified}
          title={
            profile.verified_at ? `Identity first verified on ${longDate(profile.verified_at)}` : undefined
          }
        >
          <ShieldIcon size={16} /> Verified Voter
        </span>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Registered</dt>
          <dd>{longDate(profile.created_at)}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_NAMES[profile.role]}</dd>
        </div>
        {profile.id_type && (
          <div>
            <dt>ID Type</dt>
            <dd>{profile.id_type}</dd>
          </div>
        )}
        {profile.id_hash_prefix && (
          <div>
            <dt>ID Hash</dt>
            <dd>
              <code
                className={styles.hash}
                title="The first 16 characters of the keyed hash of your ID number"
              >
                {profile.id_hash_prefix}…
              </code>
            </dd>
          </div>
        )}
        {profile.organization_name && (
          <div>
            <dt>Organization</dt>
            <dd>{profile.organization_name}</dd>
          </div>
        )}
      </dl>
      <nav className={styles.links} aria-label="Quick links">
        <Link to="/voters/card" className="btn btn-block">
          Download Voter Card
        </Link>
        <Link to="/voters/faq" className="btn btn-block">
          Voting FAQ
        </Link>
        <Link to="/voters/stations" className="btn btn-block">
          <BallotIcon size={16} /> Find My Polling Station
        </Link>
      </nav>
    </aside>
  );
}
