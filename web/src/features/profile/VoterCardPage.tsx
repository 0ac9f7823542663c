import { Link } from "react-router";
import { profileEndpoints, profileMessages } from "../../../../contract/profile";
import { useEndpointQuery } from "../../api/query";
import { Avatar } from "../../ui/Avatar";
import { ChevronLeftIcon, ShieldIcon } from "../../ui/icons";
import { longDate, ROLE_NAMES } from "./IdentityCard";
import "./profile.css";

/**
 * /voters/card: the voter card, laid out to print (or save as PDF from the print dialog). It
 * carries what the profile shows: name, contact, ID type and the ID hash's first 16 characters,
 * never the ID number.
 */
export default function VoterCardPage() {
  const query = useEndpointQuery(profileEndpoints.profile);
  const card = query.data?.profile;
  return (
    <main className="vp-page vp-card-page">
      <header className="vp-header vp-no-print">
        <Link to="/voters" className="btn btn-ghost vp-back">
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>Voter Card</h1>
        <div className="vp-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!card}>
            Print or Save as PDF
          </button>
        </div>
      </header>
      {query.isPending && (
        <p className="vp-state" role="status">
          {profileMessages.loading}
        </p>
      )}
      {query.isError && (
        <div className="vp-state" role="alert">
          <p>The voter card could not be loaded: {query.error.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}
      {card && (
        <article className="vp-voter-card" aria-label="Voter card">
          <div className="vp-voter-card-top">
            <span className="vp-voter-card-brand">
              <img src="/favicon.svg" alt="" width={28} height={28} /> Votespace
            </span>
            <span className="vp-voter-card-kind">Voter Card</span>
          </div>
          <div className="vp-voter-card-body">
            <Avatar name={card.full_name || profileMessages.unnamed} size={84} />
            <div className="vp-voter-card-main">
              <h2>{card.full_name.trim() || profileMessages.unnamed}</h2>
              {card.verified_voter && (
                <span className="vp-verified">
                  <ShieldIcon size={14} /> Verified Voter
                </span>
              )}
              <dl className="vp-facts vp-voter-card-facts">
                <div>
                  <dt>Email</dt>
                  <dd>{card.email}</dd>
                </div>
                <div>
                  <dt>Phone</dt>
                  <dd>{card.phone_number || profileMessages.notProvided}</dd>
                </div>
                <div>
                  <dt>Role</dt>
                  <dd>{ROLE_NAMES[card.role]}</dd>
                </div>
                <div>
                  <dt>ID Type</dt>
                  <dd>{card.id_type ?? profileMessages.notProvided}</dd>
                </div>
                <div>
                  <dt>ID Hash</dt>
                  <dd>
                    <code className="vp-hash">
                      {card.id_hash_prefix ? `${card.id_hash_prefix}…` : profileMessages.notProvided}
                    </code>
                  </dd>
                </div>
                <div>
                  <dt>Organization</dt>
                  <dd>{card.organization_name ?? "None"}</dd>
                </div>
                <div>
                  <dt>Registered</dt>
                  <dd>{longDate(card.created_at)}</dd>
                </div>
              </dl>
            </div>
          </div>
          <footer className="vp-voter-card-foot">
            <span>Voter ID {card.id}</span>
            <span>Printed {longDate(new Date().toISOString())}</span>
          </footer>
        </article>
      )}
    </main>
  );
}
