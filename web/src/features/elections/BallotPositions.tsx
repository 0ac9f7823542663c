import { useId } from "react";
import type { PositionView } from "../../../../contract/elections";
import { CandidateAvatar, partyOf } from "./parts";
import { text } from "./text";

/** A position already voted in: the choice this browser kept, or "voted". */
export function VotedPosition({
  position,
  choiceId,
}: {
  position: PositionView;
  choiceId: string | undefined;
}) {
  const chosen = position.candidates.find((c) => c.id === choiceId);
  return (
    <section className="el-ballot-position el-ballot-voted" aria-label={position.title}>
      <header className="el-ballot-position-head">
        <h3>{position.title}</h3>
        <span className="el-voted-mark">✓ {text.youHaveVoted}</span>
      </header>
      {chosen ? (
        <div className="el-your-choice">
          <CandidateAvatar name={chosen.name} image={chosen.image_url} size={40} />
          <span>
            <span className="el-your-choice-label">{text.yourChoice}</span>
            <strong>{chosen.name}</strong> <span className="muted">· {partyOf(chosen.party)}</span>
          </span>
        </div>
      ) : (
        <p className="muted el-small">{text.choiceNotKept}</p>
      )}
    </section>
  );
}

/** One position on the ballot: its candidates as a choice of one. */
export function PositionChoice({
  position,
  value,
  onChange,
  disabled,
}: {
  position: PositionView;
  value: string | undefined;
  onChange(candidateId: string): void;
  disabled: boolean;
}) {
  const legendId = useId();
  return (
    <fieldset className="el-ballot-position" aria-labelledby={legendId} disabled={disabled}>
      <legend className="visually-hidden">{text.chooseFor(position.title)}</legend>
      <header className="el-ballot-position-head">
        <h3 id={legendId}>{position.title}</h3>
        {position.description && <p className="muted el-small">{position.description}</p>}
      </header>
      <div className="el-choices">
        {position.candidates.map((candidate) => (
          <label
            key={candidate.id}
            className={value === candidate.id ? "el-choice el-choice-selected" : "el-choice"}
          >
            <input
              type="radio"
              name={`position-${position.id}`}
              value={candidate.id}
              checked={value === candidate.id}
              onChange={() => onChange(candidate.id)}
            />
            <CandidateAvatar name={candidate.name} image={candidate.image_url} size={44} />
            <span className="el-choice-text">
              <strong>{candidate.name}</strong>
              <span className="muted">{partyOf(candidate.party)}</span>
            </span>
            <span className="el-choice-check" aria-hidden="true" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
