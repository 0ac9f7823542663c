import { lazy, Suspense, useId, useMemo } from "react";
import { BALLOT_KIND, type Ballot, REFERENDUM_ANSWERS } from "../../../../contract/ballots/ballot";
import type { PositionView } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import { Spinner } from "../../ui/Spinner";
import { PositionChoice } from "./BallotPositions";
import positionStyles from "./BallotPositions.module.css";
import { voterOrder } from "./ballotDraft";
import styles from "./ballotParts.module.css";
import { ballotWords, rulesText, setLimits } from "./ballotWords";
import { CandidateLabel, CandidateStatement } from "./CandidateAvatar";
import shared from "./elections.module.css";

// The ranked and graded ballots load with a question that needs them: most ballots are one choice.
const RankingBallot = lazy(() => import("./RankingBallot").then((m) => ({ default: m.RankingBallot })));
const SchulzeBallot = lazy(() => import("./MarkBallots").then((m) => ({ default: m.SchulzeBallot })));
const GradesBallot = lazy(() => import("./MarkBallots").then((m) => ({ default: m.GradesBallot })));
const ScoresBallot = lazy(() => import("./MarkBallots").then((m) => ({ default: m.ScoresBallot })));

type Candidate = PositionView["candidates"][number];

export interface BodyProps<B extends Ballot["kind"] = Ballot["kind"]> {
  position: PositionView;
  /** The candidates in this voter's order. */
  candidates: Candidate[];
  value: Extract<Ballot, { kind: B }> | undefined;
  onChange(ballot: Ballot | undefined): void;
  disabled: boolean;
}

/** block and approval: checkboxes, with how many are chosen of how many allowed. */
function SetBallot({ position, candidates, value, onChange, disabled }: BodyProps<"set">) {
  const chosen = value?.candidates ?? [];
  const [, max] = setLimits(position.method, candidates.length);
  const full = chosen.length >= max;
  const countId = useId();
  const toggle = (id: string, on: boolean) => {
    if (on && full) return;
    const next = on ? [...chosen, id] : chosen.filter((c) => c !== id);
    onChange({ kind: "set", candidates: next });
  };
  return (
    <>
      <p id={countId} className={styles.count} aria-live="polite">
        {ballotWords.chosenCount(chosen.length, max)}
      </p>
      <div className={styles.options}>
        {candidates.map((candidate) => {
          const on = chosen.includes(candidate.id);
          return (
            <div key={candidate.id} className={styles.option}>
              <label className={cx(styles.pick, on && styles.pickOn)}>
                {/* Once the most are chosen, the others stay in the tab order, unavailable with the count as
                    why (disabled, a keyboard passed them by and never learned they were there). */}
                <input
                  type="checkbox"
                  checked={on}
                  disabled={disabled}
                  aria-disabled={!on && full ? true : undefined}
                  aria-describedby={!on && full ? countId : undefined}
                  onChange={(event) => toggle(candidate.id, event.target.checked)}
                />
                <CandidateLabel candidate={candidate} />
              </label>
              <CandidateStatement candidate={candidate} />
            </div>
          );
        })}
      </div>
    </>
  );
}

/** referendum: Yes, No, and Abstain when the question allows it. */
function ReferendumBallot({ position, value, onChange, disabled }: BodyProps<"answer">) {
  const abstain = position.method.kind === "referendum" && position.method.abstain;
  const answers = REFERENDUM_ANSWERS.filter((a) => a !== "abstain" || abstain);
  return (
    <div className={styles.answers}>
      {answers.map((answer) => (
        <label key={answer} className={cx(styles.pick, value?.answer === answer && styles.pickOn)}>
          <input
            type="radio"
            name={`answer-${position.id}`}
            checked={value?.answer === answer}
            disabled={disabled}
            onChange={() => onChange({ kind: "answer", answer })}
          />
          <strong>{ballotWords[answer]}</strong>
        </label>
      ))}
    </div>
  );
}

function Body(props: BodyProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <MethodBody {...props} />
    </Suspense>
  );
}

function MethodBody(props: BodyProps) {
  const { position } = props;
  switch (position.method.kind) {
    case "block":
    case "approval":
      return <SetBallot {...(props as BodyProps<"set">)} />;
    case "referendum":
      return <ReferendumBallot {...(props as BodyProps<"answer">)} />;
    case "irv":
    case "stv":
      return <RankingBallot {...(props as BodyProps<"ranking">)} />;
    case "schulze":
      return <SchulzeBallot {...(props as BodyProps<"ranking">)} />;
    case "majority_judgment":
      return <GradesBallot {...(props as BodyProps<"grades">)} />;
    case "score":
      return <ScoresBallot {...(props as BodyProps<"scores">)} />;
    default:
      return null;
  }
}

/** "Vote blank on this question", when the question allows it. */
function BlankToggle({ value, onChange, disabled }: Pick<BodyProps, "value" | "onChange" | "disabled">) {
  return (
    <label className={styles.blank}>
      <input
        type="checkbox"
        checked={value?.kind === "blank"}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked ? { kind: "blank" } : undefined)}
      />
      {ballotWords.voteBlank}
    </label>
  );
}

function QuestionError({ id, error }: { id: string; error: string | null }) {
  return (
    <p id={id} className={styles.error} hidden={!error}>
      {error}
    </p>
  );
}

/**
 * One question on the ballot, answered as its method asks. A plain plurality question is the spec's
 * "Choose your {position}" card unchanged; every other question says its rules in words under its
 * title, and the problem validateBallot finds under it.
 */
export function QuestionBallot({
  position,
  value,
  onChange,
  disabled,
  error,
  voterId,
}: {
  position: PositionView;
  value: Ballot | undefined;
  onChange(ballot: Ballot | undefined): void;
  disabled: boolean;
  error: string | null;
  voterId: string;
}) {
  const titleId = useId();
  const errorId = useId();
  const candidates = useMemo(
    () =>
      position.order === "shuffled"
        ? voterOrder(position.candidates, voterId, position.id)
        : position.candidates,
    [position, voterId],
  );
  const blank = value?.kind === "blank";
  const extra = position.blank && <BlankToggle value={value} onChange={onChange} disabled={disabled} />;

  if (position.method.kind === "plurality") {
    return (
      <PositionChoice
        position={{ ...position, candidates }}
        value={value?.kind === "choice" ? value.candidate : undefined}
        onChange={(candidate) => onChange({ kind: "choice", candidate })}
        disabled={disabled}
      >
        {position.blank && <p className={cx("muted", shared.small)}>{rulesText(position)}</p>}
        {extra}
        <QuestionError id={errorId} error={error} />
      </PositionChoice>
    );
  }
  return (
    <fieldset
      className={cx(positionStyles.ballotPosition, styles.question)}
      aria-labelledby={titleId}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className="visually-hidden">{ballotWords.answerFor(position.title)}</legend>
      <header className={styles.head}>
        <h2 id={titleId}>{position.title}</h2>
        {position.description && <p className={cx("muted", shared.small)}>{position.description}</p>}
        <p className={styles.rules}>{rulesText(position)}</p>
      </header>
      <div className={cx(blank && styles.muted)}>
        <Body
          position={position}
          candidates={candidates}
          value={(value?.kind === BALLOT_KIND[position.method.kind] ? value : undefined) as never}
          onChange={onChange}
          disabled={disabled || blank}
        />
      </div>
      {extra}
      <QuestionError id={errorId} error={error} />
    </fieldset>
  );
}
