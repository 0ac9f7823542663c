import { cx } from "../../ui/cx";
import styles from "./ballotParts.module.css";
import { ballotWords } from "./ballotWords";
import { CandidateLabel, CandidateStatement } from "./CandidateAvatar";
import type { BodyProps } from "./QuestionBallot";

/** Majority judgment: a grade for every candidate, one radio group each, best grade first. */
export function GradesBallot({ position, candidates, value, onChange, disabled }: BodyProps<"grades">) {
  const grades = position.method.kind === "majority_judgment" ? position.method.grades : [];
  const given = value?.grades ?? {};
  return (
    <div className={styles.options}>
      {candidates.map((candidate) => (
        <fieldset key={candidate.id} className={styles.markRow} disabled={disabled}>
          <legend className="visually-hidden">{ballotWords.gradeFor(candidate.name)}</legend>
          <CandidateLabel candidate={candidate} />
          <div className={styles.grades}>
            {grades.map((grade, index) => (
              <label key={grade} className={cx(styles.grade, given[candidate.id] === index && styles.pickOn)}>
                <input
                  type="radio"
                  name={`grade-${position.id}-${candidate.id}`}
                  checked={given[candidate.id] === index}
                  onChange={() => onChange({ kind: "grades", grades: { ...given, [candidate.id]: index } })}
                />
                {grade}
              </label>
            ))}
          </div>
          <CandidateStatement candidate={candidate} />
        </fieldset>
      ))}
    </div>
  );
}

/** Score: a whole number from 0 to the question's maximum for every candidate. */
export function ScoresBallot({ position, candidates, value, onChange, disabled }: BodyProps<"scores">) {
  const max = position.method.kind === "score" ? position.method.max : 0;
  const given = value?.scores ?? {};
  const set = (id: string, typed: string) => {
    const next = { ...given };
    if (typed.trim() === "") delete next[id];
    else next[id] = Number(typed);
    onChange({ kind: "scores", scores: next });
  };
  return (
    <div className={styles.options}>
      {candidates.map((candidate) => (
        <div key={candidate.id} className={styles.markRow}>
          <CandidateLabel candidate={candidate} />
          <label className={styles.markField}>
            <span className="visually-hidden">{ballotWords.scoreFor(candidate.name, max)}</span>
            <span aria-hidden="true">{`0–${max}`}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              value={given[candidate.id] ?? ""}
              disabled={disabled}
              onChange={(event) => set(candidate.id, event.target.value)}
            />
          </label>
          <CandidateStatement candidate={candidate} />
        </div>
      ))}
    </div>
  );
}
