import type { PositionView } from "../../../../contract/elections";
import { Avatar } from "../../ui/Avatar";
import styles from "./ballotParts.module.css";
import { ballotWords } from "./ballotWords";
import shared from "./elections.module.css";

type Candidate = PositionView["candidates"][number];

/** A candidate's picture (a web address or a path on this site), or their initials. */
export function CandidateAvatar({ name, image, size = 44 }: { name: string; image: string; size?: number }) {
  return <Avatar name={name} src={image || null} size={size} />;
}

/** A candidate's picture, name and party (when given), for every ballot kind but plurality. */
export function CandidateLabel({ candidate }: { candidate: Candidate }) {
  return (
    <span className={styles.candidateLabel}>
      <CandidateAvatar name={candidate.name} image={candidate.image_url} size={36} />
      <span className={shared.choiceText}>
        <strong>{candidate.name}</strong>
        {candidate.party && <span className="muted">{candidate.party}</span>}
      </span>
    </span>
  );
}

/** The candidate's statement, folded until the voter opens it. */
export function CandidateStatement({ candidate }: { candidate: Candidate }) {
  if (!candidate.statement) return null;
  return (
    <details className={styles.statement}>
      <summary>
        {ballotWords.statement}
        <span className="visually-hidden">: {candidate.name}</span>
      </summary>
      <p>{candidate.statement}</p>
    </details>
  );
}
