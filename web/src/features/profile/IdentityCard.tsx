import { Link } from "react-router";
import { profileMessages, type VoterProfile } from "../../../../contract/profile";
import { Avatar } from "../../ui/Avatar";
import { BallotIcon, ShieldIcon } from "../../ui/icons";

export const ROLE_NAMES = { voter: "Voter", organization: "Organization" } as const;

export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });

/** Who the user is: picture or initials, name, e-mail, badge, dates, ID facts and the quick links. */
export function IdentityCard({ profile }: { profile: VoterProfile }) {
  const name = profile.full_name.trim() || profileMessages.unnamed;
  return (
    <aside className="card vp-identity">
      <Avatar name={name} src={profile.avatar_url || null} size={96} className="vp-avatar" />
      <h2 className="vp-name">{name}</h2>
      <p className="vp-email">{profile.email}</p>
      {profile.verified_voter && (
        <span
          className="vp-verified"
          title={
            profile.verified_at ? `Identity first verified on ${longDate(profile.verified_at)}` : undefined
          }
        >
          <ShieldIcon size={16} /> Verified Voter
        </span>
      )}
      <dl className="vp-facts">
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
              <code className="vp-hash" title="The first 16 characters of the keyed hash of your ID number">
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
      <nav className="vp-links" aria-label="Quick links">
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
