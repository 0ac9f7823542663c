import { methodLabel } from "../../../../../contract/ballots/result-rows";
import { type Election, headText } from "../../../../../contract/elections";
import { electionsEndpoints } from "../../../../../contract/elections-endpoints";
import { useEndpointQuery } from "../../../api/query";
import { Link, useParams } from "../../../router";
import { cx } from "../../../ui/cx";
import { LoadState } from "../../../ui/LoadState";
import { homeFor, useAuth } from "../../accounts/AuthProvider";
import { loadOf } from "../ElectionsLoad";
import shared from "../elections.module.css";
import { inZone, resultsNotice, turnout, windowText } from "../format";
import { text } from "../text";
import { CountNote, QuestionResult } from "./QuestionResult";
import styles from "./ResultsReportPage.module.css";
import { ResultsTable } from "./ResultsTable";
import { resultsText } from "./resultsText";

function Report({ election }: { election: Election }) {
  const counting = election.counting;
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <header className={styles.head}>
        <p className={cx("muted", shared.small)}>{election.organization_name}</p>
        <h1 id="report-title">{resultsText.reportTitle(election.title)}</h1>
        <p className={cx("muted", shared.small)}>{windowText(election)}</p>
      </header>
      <dl className={styles.facts}>
        <dt>Turnout</dt>
        <dd>
          {turnout(election)}% ({text.ofVoters(election.votes_cast, election.total_voters)})
        </dd>
        {counting && (
          <>
            <dt>Seal chain head</dt>
            <dd className={cx(shared.mono, styles.hash)}>
              {counting.head ? headText(counting.head) : "No seal"}
            </dd>
            <dt>Public tie seed</dt>
            <dd className={cx(shared.mono, styles.hash)}>{counting.tie_seed}</dd>
            <dt>Counted</dt>
            <dd>
              {/* On the election's clock, as its voting window above. */}
              <time dateTime={counting.counted_at}>
                {inZone(counting.counted_at, election.time_zone)} ({election.time_zone})
              </time>
            </dd>
          </>
        )}
      </dl>
      {!election.viewer.can_see_results ? (
        <p className={shared.notice}>{resultsNotice(election)}</p>
      ) : (
        <>
          <CountNote election={election} />
          {election.positions.map((position, index) => (
            <section
              key={position.id}
              className={styles.question}
              aria-labelledby={`report-q-${position.id}`}
            >
              <h2 id={`report-q-${position.id}`}>{position.title}</h2>
              {position.method.kind !== "plurality" && position.result ? (
                <QuestionResult election={election} position={position} />
              ) : (
                <>
                  <p className={cx("muted", shared.small)}>{methodLabel(position.method)}</p>
                  <ResultsTable election={election} positionIndex={index} />
                </>
              )}
            </section>
          ))}
        </>
      )}
    </article>
  );
}

/**
 * The printable results report: per question the method, winners and rounds; the turnout and
 * quorum, the seal chain's head the count covers, the tie seed and when the count was made. Print styles drop the buttons.
 */
export default function ResultsReportPage() {
  const { electionId = "" } = useParams();
  const { user } = useAuth();
  const election = useEndpointQuery(electionsEndpoints.get, { params: { id: electionId } });
  return (
    <main className={styles.page}>
      <nav className={styles.actions} aria-label="Report">
        {user && (
          <Link className="btn" to={`${homeFor(user)}/election-results`}>
            {text.resultsScreenTitle}
          </Link>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => window.print()}
          disabled={!election.data}
        >
          {text.printReport}
        </button>
      </nav>
      <LoadState {...loadOf(election)}>{(data) => <Report election={data} />}</LoadState>
    </main>
  );
}
