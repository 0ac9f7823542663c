import { type ReactNode, useId } from "react";
import type { Ballot } from "../../../../contract/ballots/ballot";
import { type PositionView, partyOf } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import styles from "./BallotPositions.module.css";
import { answerWords } from "./ballotWords";
import { CandidateAvatar, CandidateStatement } from "./CandidateAvatar";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";

/** A position already voted in: the choice (or answer) this browser kept, or "voted". */
export function VotedPosition({
  position,
  choiceId,
  answer,
}: {
  position: PositionView;
  choiceId: string | undefined;
  answer?: Ballot;
}) {
  const chosen = position.candidates.find((c) => c.id === choiceId);
  return (
    <section className={cx(styles.ballotPosition, styles.ballotVoted)} aria-label={position.title}>
      <header className={styles.ballotPositionHead}>
        <h2>{position.title}</h2>
        <span className={styles.votedMark}>✓ {text.youHaveVoted}</span>
      </header>
      {answer ? (
        <p className={styles.yourChoice}>
          <span>
            <span className={styles.yourChoiceLabel}>{text.yourChoice}</span>
            {answerWords(position, answer)}
          </span>
        </p>
      ) : chosen ? (
        <div className={styles.yourChoice}>
          <CandidateAvatar name={chosen.name} image={chosen.image_url} size={40} />
          <span>
            <span className={styles.yourChoiceLabel}>{text.yourChoice}</span>
            <strong>{chosen.name}</strong> <span className="muted">· {partyOf(chosen.party)}</span>
          </span>
        </div>
      ) : (
        <p className={cx("muted", shared.small)}>{text.choiceNotKept}</p>
      )}
    </section>
  );
}

/**
 * One position on the ballot: its candidates as a choice of one (the spec's card). `children` come
 * after the candidates: a blank vote and the question's error, when there are.
 */
export function PositionChoice({
  position,
  value,
  onChange,
  disabled,
  children,
}: {
  position: PositionView;
  value: string | undefined;
  onChange(candidateId: string): void;
  disabled: boolean;
  children?: ReactNode;
}) {
  const legendId = useId();
  return (
    <fieldset className={styles.ballotPosition} aria-labelledby={legendId} disabled={disabled}>
      <legend className="visually-hidden">{text.chooseFor(position.title)}</legend>
      <header className={styles.ballotPositionHead}>
        <h2 id={legendId}>{position.title}</h2>
        {position.description && <p className={cx("muted", shared.small)}>{position.description}</p>}
      </header>
      <div className={shared.choices}>
        {position.candidates.map((candidate) => {
          const choice = (
            <label
              key={candidate.id}
              className={value === candidate.id ? cx(styles.choice, styles.choiceSelected) : styles.choice}
            >
              <input
                type="radio"
                name={`position-${position.id}`}
                value={candidate.id}
                checked={value === candidate.id}
                onChange={() => onChange(candidate.id)}
              />
              <CandidateAvatar name={candidate.name} image={candidate.image_url} size={44} />
              <span className={shared.choiceText}>
                <strong>{candidate.name}</strong>
                <span className="muted">{partyOf(candidate.party)}</span>
              </span>
              <span className={styles.choiceCheck} aria-hidden="true" />
            </label>
          );
          // A statement folds out under its candidate; the spec's candidates have none.
          return candidate.statement ? (
            <div key={candidate.id} className={styles.withStatement}>
              {choice}
              <CandidateStatement candidate={candidate} />
            </div>
          ) : (
            choice
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}
