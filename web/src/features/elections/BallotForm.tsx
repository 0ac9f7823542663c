import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { type Ballot, validateBallot } from "../../../../contract/ballots/ballot";
import type { CastVoteInput, PositionView } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import styles from "./BallotForm.module.css";
import type { Busy } from "./BallotReview";
import { isAnswered } from "./ballotDraft";
import type { Answers } from "./ballotDrafts";
import { ballotWords } from "./ballotWords";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";
import { QuestionBallot } from "./QuestionBallot";

export type Selection = CastVoteInput["selections"][number];

// The review step is not part of the ballot's first paint: its code comes once an answer is marked.
const reviewCode = () => import("./BallotReview");
const BallotReview = lazy(() => reviewCode().then((m) => ({ default: m.BallotReview })));

/** What the cast sends for an answer: the spec's candidate_id for a plurality choice, else the ballot. */
export function selectionOf(position: PositionView, ballot: Ballot): Selection {
  return position.method.kind === "plurality" && ballot.kind === "choice"
    ? { position_id: position.id, candidate_id: ballot.candidate }
    : { position_id: position.id, ballot };
}

/**
 * The questions still to answer, each as its method asks, and Submit Vote. Answers are checked with
 * the contract's validateBallot before the server is asked (its words, under the question). A ballot
 * with any question other than a plurality choice, answered or not, goes through the review step
 * (which names what is left unanswered); the spec's plurality ballot goes straight to verification
 * as before. In a preview everything works except
 * casting.
 */
export function BallotForm({
  positions,
  voted,
  voterId,
  busy,
  preview = false,
  initial = {},
  onAnswer,
  onCast,
}: {
  /** Every question in ballot order; those already voted in show as `voted` draws them. */
  positions: PositionView[];
  voted?: (position: PositionView) => ReactNode | null;
  voterId: string;
  /** While the vote is verified (the dialog above) or cast: the ballot is locked; cast, it says so. */
  busy: Busy;
  preview?: boolean;
  /** The answers marked before (a draft the voter left); none by default. */
  initial?: Answers;
  /** Told of every answer marked or changed, with all the answers then. */
  onAnswer?(answers: Answers): void;
  onCast(selections: Selection[], answers: Record<string, Ballot>): void;
}) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const latest = useRef(answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  // Back from the review: its buttons are gone, so the focus goes to Submit Vote (never to the page).
  const [backFromReview, setBackFromReview] = useState(0);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (backFromReview > 0) submitButton.current?.focus();
  }, [backFromReview]);
  const [focusError, setFocusError] = useState(0);
  const root = useRef<HTMLDivElement>(null);

  const done = new Map(positions.map((p) => [p.id, voted?.(p) ?? null]));
  const open = positions.filter((p) => !done.get(p.id));
  const answered = open.flatMap((p) => {
    const ballot = answers[p.id];
    return isAnswered(ballot) ? [{ position: p, ballot }] : [];
  });
  const skipped = open.filter((p) => !isAnswered(answers[p.id])).map((p) => p.title);
  const invalid = Object.keys(errors).length > 0;
  // Answers the review held may have been cast meanwhile (in another tab, say): with none left to
  // cast, the review gives way to the questions still open.
  const inReview = reviewing && answered.length > 0;
  useEffect(() => {
    if (reviewing && answered.length === 0) setReviewing(false);
  }, [reviewing, answered.length]);
  const marked = answered.length > 0;
  useEffect(() => {
    // The browser fetches a module once; a failure is met again, and said, when the review opens.
    if (marked) void reviewCode().catch(() => undefined);
  }, [marked]);

  useEffect(() => {
    if (!focusError || !root.current) return;
    // The field at fault when the question can tell (a score above its maximum), else its first control.
    const first =
      root.current.querySelector<HTMLElement>('[data-invalid] [aria-invalid="true"]:not(:disabled)') ??
      root.current.querySelector<HTMLElement>(
        "[data-invalid] input:not(:disabled), [data-invalid] select:not(:disabled), [data-invalid] button:not(:disabled)",
      );
    first?.focus();
  }, [focusError]);

  const change = (position: PositionView, ballot: Ballot | undefined) => {
    // From the latest answers, not this render's: two changes in one event both hold.
    latest.current = { ...latest.current, [position.id]: ballot };
    setAnswers(latest.current);
    onAnswer?.(latest.current);
    // A changed answer is checked again at the next Submit; until then its old problem is gone.
    setErrors(({ [position.id]: _, ...rest }) => rest);
  };

  const submit = () => {
    if (answered.length === 0) return;
    const problems: Record<string, string> = {};
    for (const { position, ballot } of answered) {
      const problem = validateBallot(position, ballot);
      if (problem) problems[position.id] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFocusError((n) => n + 1);
      return;
    }
    // The spec's ballot (offices only, a choice each) casts at once; one that holds any other
    // question, answered or not, is reviewed first: a ranking left blank is said, never skipped unseen.
    const plain =
      open.every((position) => position.method.kind === "plurality") &&
      answered.every(({ ballot }) => ballot.kind === "choice");
    if (plain && !preview) cast();
    else setReviewing(true);
  };

  const cast = () =>
    onCast(
      answered.map(({ position, ballot }) => selectionOf(position, ballot)),
      Object.fromEntries(answered.map(({ position, ballot }) => [position.id, ballot])),
    );

  return (
    <div className={styles.form} ref={root}>
      {inReview && (
        <Suspense fallback={null}>
          <BallotReview
            answered={answered}
            skipped={skipped}
            busy={busy}
            preview={preview}
            onBack={() => {
              setReviewing(false);
              setBackFromReview((n) => n + 1);
            }}
            onCast={cast}
          />
        </Suspense>
      )}
      <div className={styles.questions} hidden={inReview}>
        {positions.map(
          (position) =>
            done.get(position.id) ?? (
              <div key={position.id} data-invalid={errors[position.id] ? "" : undefined}>
                <QuestionBallot
                  position={position}
                  value={answers[position.id]}
                  onChange={(ballot) => change(position, ballot)}
                  disabled={busy !== false}
                  error={errors[position.id] ?? null}
                  voterId={voterId}
                />
              </div>
            ),
        )}
      </div>
      {!inReview && (
        <div className={styles.submitBar} data-sticky-bottom="">
          <p className={cx("muted", shared.small)} aria-live="polite">
            {invalid
              ? ballotWords.fixAnswers
              : text.submitHint(
                  answered.length,
                  open.every((p) => p.method.kind === "plurality"),
                )}
          </p>
          {/* Locked while verifying or casting, yet focusable: disabled, it would drop the focus the
              verification dialog gives back when it closes. */}
          <button
            ref={submitButton}
            type="button"
            className="btn btn-primary btn-lg"
            disabled={busy === false && answered.length === 0}
            aria-disabled={busy !== false || undefined}
            onClick={busy === false ? submit : undefined}
          >
            {busy === "casting" ? text.submitting : text.submitVote}
          </button>
        </div>
      )}
    </div>
  );
}
