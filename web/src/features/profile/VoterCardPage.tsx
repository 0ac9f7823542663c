import { profileEndpoints, profileMessages } from "../../../../contract/profile";
import { useEndpointQuery } from "../../api/query";
import { Link } from "../../router";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { Email } from "../../ui/Email";
import { ChevronLeftIcon, ShieldIcon } from "../../ui/icons";
import { LoadState } from "../../ui/LoadState";
import { longDate, ROLE_NAMES } from "./IdentityCard";
import styles from "./VoterProfilePage.module.css";

/**
 * /voters/card: the voter card, laid out to print (or save as PDF from the print dialog). It
 * carries what the profile shows: name, contact, ID type and the ID hash's first 16 characters,
 * never the ID number.
 */
export default function VoterCardPage() {
  const query = useEndpointQuery(profileEndpoints.profile);
  const card = query.data?.profile;
  return (
    <main className={cx(styles.page, styles.cardPage)}>
      <header className={cx(styles.header, styles.noPrint)}>
        <Link to="/voters" className={cx("btn btn-ghost", styles.back)}>
          <ChevronLeftIcon />
          Back
        </Link>
        <h1>Voter Card</h1>
        <div className={styles.headerActions}>
          <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!card}>
            Print or Save as PDF
          </button>
        </div>
      </header>
      <LoadState
        data={query.data?.profile}
        error={query.error?.message}
        loadingLabel={profileMessages.loading}
        errorTitle={"The voter card could not be loaded"}
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
      >
        {(card) => (
          <article className={styles.voterCard} aria-label="Voter card">
            <div className={styles.voterCardTop}>
              <span className={styles.voterCardBrand}>
                <img src="/favicon.svg" alt="" width={28} height={28} /> Votespace
              </span>
              <span className={styles.voterCardKind}>Voter Card</span>
            </div>
            <div className={styles.voterCardBody}>
              <Avatar name={card.full_name || profileMessages.unnamed} size={84} />
              <div className={styles.voterCardMain}>
                <h2>{card.full_name.trim() || profileMessages.unnamed}</h2>
                {card.verified_voter && (
                  <span className={styles.verified}>
                    <ShieldIcon size={14} /> Verified Voter
                  </span>
                )}
                <dl className={cx(styles.facts, styles.voterCardFacts)}>
                  <div>
                    <dt>Email</dt>
                    <dd>
                      <Email address={card.email} />
                    </dd>
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
                      <code className={styles.hash}>
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
            <footer className={styles.voterCardFoot}>
              <span>Voter ID {card.id}</span>
              <span>Printed {longDate(new Date().toISOString())}</span>
            </footer>
          </article>
        )}
      </LoadState>
    </main>
  );
}
