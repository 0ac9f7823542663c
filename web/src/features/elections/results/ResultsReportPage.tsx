import { Link, useParams } from "react-router";
import type { Bulletin, Election } from "../../../../../contract/elections";
import { electionsEndpoints } from "../../../../../contract/elections-endpoints";
import { useEndpointQuery } from "../../../api/query";
import { cx } from "../../../ui/cx";
import { LoadState } from "../../../ui/LoadState";
import { homeFor, useAuth } from "../../accounts/AuthProvider";
import { loadOf } from "../ElectionsLoad";
import shared from "../elections.module.css";
import { resultsNotice, turnout, when, windowText } from "../format";
import { ResultsTable } from "../ResultsPage";
import { text } from "../text";
import { methodName } from "./present";
import { QuestionResult, QuorumNote } from "./QuestionResult";
import styles from "./ResultsReportPage.module.css";

/** The seal chain's head: the last seal's root, or none yet. */
function SealHead({ bulletin }: { bulletin: Bulletin }) {
  const head = bulletin.seals.at(-1);
  if (!head) return <dd>No seal yet</dd>;
  return (
    <dd>
      <span className={cx(shared.mono, styles.hash)}>{head.root}</span>
      <span className={cx("muted", shared.small)}>
        {" "}
        (seal #{head.sequence}, {when(head.created_at)})
      </span>
    </dd>
  );
}

function Report({
  election,
  bulletin,
  producedAt,
}: {
  election: Election;
  bulletin: Bulletin;
  producedAt: Date;
}) {
  return (
    <article className={styles.report} aria-labelledby="report-title">
      <header className={styles.head}>
        <p className={cx("muted", shared.small)}>{bulletin.election.organization_name}</p>
        <h1 id="report-title">{text.reportTitle(election.title)}</h1>
        <p className={cx("muted", shared.small)}>{windowText(election)}</p>
      </header>
      <dl className={styles.facts}>
        <dt>Turnout</dt>
        <dd>
          {turnout(election)}% ({text.ofVoters(election.votes_cast, election.total_voters)})
        </dd>
        <dt>Seal chain head</dt>
        <SealHead bulletin={bulletin} />
        <dt>Public tie seed</dt>
        <dd className={cx(shared.mono, styles.hash)}>{bulletin.tie_seed ?? "Not drawn yet"}</dd>
        <dt>Produced</dt>
        <dd>
          <time dateTime={producedAt.toISOString()}>{when(producedAt.toISOString())}</time>
        </dd>
      </dl>
      {!election.viewer.can_see_results ? (
        <p className={shared.notice}>{resultsNotice(election)}</p>
      ) : (
        <>
          <QuorumNote election={election} />
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
                  <p className={cx("muted", shared.small)}>{methodName(position.method)}</p>
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
 * quorum, the seal chain's head and when the report was produced. Print styles drop the buttons.
 */
export default function ResultsReportPage() {
  const { electionId = "" } = useParams();
  const { user } = useAuth();
  const election = useEndpointQuery(electionsEndpoints.get, { params: { id: electionId } });
  const bulletin = useEndpointQuery(electionsEndpoints.bulletin, { params: { id: electionId } });
  const election_ = loadOf(election);
  const both =
    election.data && bulletin.data
      ? {
          election: election.data,
          bulletin: bulletin.data,
          producedAt: new Date(Math.max(election.dataUpdatedAt, bulletin.dataUpdatedAt)),
        }
      : undefined;
  return (
    <div className={styles.page}>
      <nav className={styles.actions} aria-label="Report">
        {user && (
          <Link className="btn" to={`${homeFor(user)}/election-results`}>
            {text.resultsScreenTitle}
          </Link>
        )}
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!both}>
          {text.printReport}
        </button>
      </nav>
      <LoadState
        {...election_}
        error={election_.error ?? (bulletin.isFetching ? null : bulletin.error?.message)}
        onRetry={() => {
          void election.refetch();
          void bulletin.refetch();
        }}
        data={both}
      >
        {(data) => <Report {...data} />}
      </LoadState>
    </div>
  );
}
