import { useEffect, useId, useRef } from "react";
import type { Ballot } from "../../../../contract/ballots/ballot";
import { cx } from "../../ui/cx";
import styles from "./BallotReview.module.css";
import type { QuestionWords } from "./ballotWords";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";
import { previewWords, reviewLine, reviewWords } from "./reviewWords";

/** Why a ballot is locked: its vote is being verified (a dialog above it) or cast; false: it is not. */
export type Busy = "verifying" | "casting" | false;

/**
 * The review step: the whole ballot in words ("Treasurer: Ada Lovelace", "Motion 3: Yes"), the
 * questions left unanswered, with Back and Cast. In a preview Cast stays off. Focus moves to its title, so a screen reader starts there.
 */
export function BallotReview({
  answered,
  skipped,
  busy,
  preview,
  onBack,
  onCast,
}: {
  /** Each answered question with its answer, said as a line ("Treasurer: Ada Lovelace"). */
  answered: { position: QuestionWords; ballot: Ballot }[];
  /** The titles of the questions still open and left unanswered. */
  skipped: string[];
  busy: Busy;
  preview: boolean;
  onBack(): void;
  onCast(): void;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section className={styles.review} aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        {reviewWords.reviewTitle}
      </h2>
      <p className={cx("muted", shared.small)}>{reviewWords.reviewIntro}</p>
      <ul className={styles.lines}>
        {answered.map(({ position, ballot }) => (
          <li key={position.title}>{reviewLine(position, ballot)}</li>
        ))}
      </ul>
      {skipped.length > 0 && (
        <p className={cx("muted", shared.small)}>{reviewWords.reviewSkipped(skipped)}</p>
      )}
      {preview && <p className={cx("muted", shared.small)}>{previewWords.previewCastOff}</p>}
      <div className={styles.actions}>
        {/* Locked while verifying or casting, yet focusable: disabled, they would drop the focus
            the verification dialog gives back when it closes (as the submit bar's button). */}
        <button
          type="button"
          className="btn"
          aria-disabled={busy !== false || undefined}
          onClick={busy === false ? onBack : undefined}
        >
          {reviewWords.reviewBack}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={preview}
          aria-disabled={busy !== false || undefined}
          onClick={busy === false ? onCast : undefined}
        >
          {busy === "casting" ? text.submitting : reviewWords.reviewCast}
        </button>
      </div>
    </section>
  );
}
