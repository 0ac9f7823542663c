import type { Election } from "../../../../contract/elections";
import { candidateColour, rankPosition, resultsNotice } from "./format";
import { CandidateAvatar, partyOf, Trophy } from "./parts";
import { text } from "./text";

/**
 * The leader's trophy label: a winner once the election is completed; a cancelled election's
 * results (the only other ones shown) name no winner; ties say so.
 */
export function leaderLabel(status: string, tied: boolean): string {
  if (tied) return text.tiedFirst;
  return status === "completed" ? text.winner : text.mostVotes;
}

/**
 * Results per position: candidates by votes descending, the share of the position's total to 1
 * decimal, a trophy on the first, and bars. While voting is open: "Results appear when voting
 * closes" (no count by candidate exists for anyone then); hidden results show the spec's message.
 */
export function ResultsList({ election }: { election: Election }) {
  if (!election.viewer.can_see_results) {
    return (
      <div className="el-notice" role="status">
        <p>{resultsNotice(election)}</p>
      </div>
    );
  }
  return (
    <div className="el-results">
      {election.positions.map((position) => {
        const { ranked, total, leaders } = rankPosition(position);
        const label = leaderLabel(election.status, leaders.length > 1);
        return (
          <section key={position.id} className="el-card el-result-position" aria-label={position.title}>
            <header className="el-result-head">
              <h3>{position.title}</h3>
              <span className="muted el-small">{text.totalVotes(total)}</span>
            </header>
            <ol className="el-result-list">
              {ranked.map((candidate) => (
                <li
                  key={candidate.id}
                  className={candidate.leading ? "el-result el-result-leading" : "el-result"}
                >
                  <div className="el-result-row">
                    <CandidateAvatar name={candidate.name} image={candidate.image_url} size={36} />
                    <span className="el-result-name">
                      <strong>
                        {candidate.name}
                        {candidate.leading && <Trophy label={label} />}
                      </strong>
                      <span className="muted el-small">{partyOf(candidate.party)}</span>
                    </span>
                    <span className="el-result-figures">
                      <strong>{candidate.share}%</strong>
                      <span className="muted el-small">{text.votes(candidate.votes)}</span>
                    </span>
                  </div>
                  {/* The figures beside it say the same; the bar is a picture of them. */}
                  <div className="el-bar" aria-hidden="true">
                    <span
                      className="el-bar-fill"
                      style={{
                        width: `${candidate.share}%`,
                        background: candidateColour(position, candidate.id),
                      }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
