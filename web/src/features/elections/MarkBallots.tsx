import { useState } from "react";
import { scoreProblem } from "../../../../contract/ballots/ballot";
import { cx } from "../../ui/cx";
import { numbersFromRanks, ranksFromNumbers } from "./ballotDraft";
import styles from "./ballotParts.module.css";
import { CandidateLabel, CandidateStatement } from "./CandidateAvatar";
import shared from "./elections.module.css";
import type { BodyProps } from "./QuestionBallot";
import { rankingWords } from "./rankingWords";

/** Majority judgment: a grade for every candidate, one radio group each, best grade first. */
export function GradesBallot({ position, candidates, value, onChange, disabled }: BodyProps<"grades">) {
  const grades = position.method.kind === "majority_judgment" ? position.method.grades : [];
  const given = value?.grades ?? {};
  return (
    <div className={styles.options}>
      {candidates.map((candidate) => (
        <fieldset key={candidate.id} className={styles.markRow} disabled={disabled}>
          <legend className="visually-hidden">{rankingWords.gradeFor(candidate.name)}</legend>
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

/** A score given that its question cannot hold (none given is no fault here): the contract's rule. */
const scoreInvalid = (score: number | undefined, max: number) =>
  score !== undefined && scoreProblem(score, max) !== null;

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
            <span className="visually-hidden">{rankingWords.scoreFor(candidate.name, max)}</span>
            <span aria-hidden="true">{`0–${max}`}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              value={given[candidate.id] ?? ""}
              disabled={disabled}
              // A score the ballot cannot hold says so on its own field (the question's message says which rule).
              aria-invalid={scoreInvalid(given[candidate.id], max) || undefined}
              onChange={(event) => set(candidate.id, event.target.value)}
            />
          </label>
          <CandidateStatement candidate={candidate} />
        </div>
      ))}
    </div>
  );
}

/**
 * Schulze: a rank number for each candidate, equal numbers for equal preference; candidates left
 * "Not ranked" come after every ranked one. The numbers are kept as typed (gaps and all) while the
 * ballot closes the gaps.
 */
export function SchulzeBallot({ candidates, value, onChange, disabled }: BodyProps<"ranking">) {
  const [numbers, setNumbers] = useState<Record<string, number>>(() => numbersFromRanks(value?.ranks ?? []));
  const order = candidates.map((c) => c.id);
  const set = (id: string, rank: string) => {
    const next = { ...numbers };
    if (rank === "") delete next[id];
    else next[id] = Number(rank);
    setNumbers(next);
    onChange({ kind: "ranking", ranks: ranksFromNumbers(next, order) });
  };
  return (
    <div className={styles.options}>
      {candidates.map((candidate) => (
        <div key={candidate.id} className={styles.markRow}>
          <CandidateLabel candidate={candidate} />
          <label className={styles.markField}>
            <span className="visually-hidden">{rankingWords.rankFor(candidate.name)}</span>
            <span aria-hidden="true" className={shared.small}>
              {rankingWords.rank}
            </span>
            <select
              value={numbers[candidate.id] ?? ""}
              disabled={disabled}
              onChange={(event) => set(candidate.id, event.target.value)}
            >
              <option value="">{rankingWords.notRanked}</option>
              {candidates.map((_, index) => {
                const rank = index + 1;
                return (
                  <option key={rank} value={rank}>
                    {rank}
                  </option>
                );
              })}
            </select>
          </label>
          <CandidateStatement candidate={candidate} />
        </div>
      ))}
    </div>
  );
}
