import { type Election, partyOf } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { endpointUrl } from "../../../../contract/endpoint";
import { Link } from "../../router";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { CandidateAvatar } from "./CandidateAvatar";
import shared from "./elections.module.css";
import { candidateColour, resultsNotice } from "./format";
import styles from "./ResultsList.module.css";
import { blankOf, votesInTotal } from "./results/present";
import { CountNote, QuestionResult } from "./results/QuestionResult";
import { rankPosition } from "./results/ranking";
import { Trophy } from "./Trophy";
import { text } from "./text";

/**
 * The election channel's Results tab (loaded when it is opened): the batch note while voting is
 * open, the CSV and the printable report, and the results.
 */
export function ResultsTab({ election }: { election: Election }) {
  return (
    <>
      {/* The questions' h3 come under it (the page's h1, then the election's tab). */}
      <h2 className="visually-hidden">{text.tabs.results}</h2>
      <div className={styles.toolbar}>
        {election.status === "active" && <p className={cx("muted", shared.small)}>{text.batchNote}</p>}
        <ResultsExports election={election} />
      </div>
      <ResultsList election={election} />
    </>
  );
}

/** The results as a CSV file and as a printable report, for a viewer who may see them. */
export function ResultsExports({ election }: { election: Election }) {
  if (!election.viewer.can_see_results) return null;
  return (
    <>
      <a
        className="btn"
        href={endpointUrl(electionsEndpoints.resultsCsv, { params: { id: election.id } })}
        download
      >
        {text.exportCsv}
      </a>
      <Link className="btn" to={`/elections/${election.id}/report`}>
        {text.printReport}
      </Link>
    </>
  );
}

/**
 * Results per position: candidates by votes descending, the share of the position's total to 1
 * decimal, a trophy on the first, and bars. While voting is open: "Results appear when voting
 * closes" (no count by candidate exists for anyone then); hidden results show the spec's message.
 */
export function ResultsList({ election }: { election: Election }) {
  if (!election.viewer.can_see_results) {
    return (
      <Status as="div" className={shared.notice}>
        <p>{resultsNotice(election)}</p>
      </Status>
    );
  }
  return (
    <div className={styles.results}>
      <CountNote election={election} />
      {election.positions.map((position) => {
        if (position.method.kind !== "plurality" && position.result) {
          return (
            <section key={position.id} className={shared.card} aria-label={position.title}>
              <header className={styles.resultHead}>
                <h3>{position.title}</h3>
              </header>
              <QuestionResult election={election} position={position} />
            </section>
          );
        }
        const { ranked, total, leaders, tie } = rankPosition(position, election.status);
        return (
          <section key={position.id} className={shared.card} aria-label={position.title}>
            <header className={styles.resultHead}>
              <h3>{position.title}</h3>
              <span className={cx("muted", shared.small)}>{votesInTotal(total, blankOf(position))}</span>
            </header>
            <ol className={styles.resultList}>
              {ranked.map((candidate) => (
                <li key={candidate.id} className={candidate.leading ? shared.resultLeading : undefined}>
                  <div className={styles.resultRow}>
                    <CandidateAvatar name={candidate.name} image={candidate.image_url} size={36} />
                    <span className={shared.resultName}>
                      <strong>
                        {candidate.name}
                        {candidate.leading && <Trophy election={election} tied={leaders.length > 1} />}
                      </strong>
                      <span className={cx("muted", shared.small)}>{partyOf(candidate.party)}</span>
                    </span>
                    <span className={styles.resultFigures}>
                      <strong>{candidate.share}%</strong>
                      <span className={cx("muted", shared.small)}>{text.votes(candidate.votes)}</span>
                    </span>
                  </div>
                  {/* The figures beside it say the same; the bar is a picture of them. */}
                  <div className={shared.bar} aria-hidden="true">
                    <span
                      className={shared.barFill}
                      style={{
                        width: `${candidate.share}%`,
                        background: candidateColour(position, candidate.id),
                      }}
                    />
                  </div>
                </li>
              ))}
            </ol>
            {tie && <p className={cx("muted", shared.small)}>{tie}</p>}
          </section>
        );
      })}
    </div>
  );
}
