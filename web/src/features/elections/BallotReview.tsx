import { useEffect, useId, useRef } from "react";
import { cx } from "../../ui/cx";
import styles from "./BallotReview.module.css";
import { ballotWords, previewWords } from "./ballotWords";
import shared from "./elections.module.css";
import { pageText as text } from "./pageText";

/** Why a ballot is locked: its vote is being verified (a dialog above it) or cast; false: it is not. */
export type Busy = "verifying" | "casting" | false;

/**
 * The review step: the whole ballot in words ("Treasurer: Ada Lovelace", "Motion 3: Yes"), the
 * questions left unanswered, with Back and Cast. In a preview Cast stays off. Focus moves to its title, so a screen reader starts there.
 */
export function BallotReview({
  lines,
  skipped,
  busy,
  preview,
  onBack,
  onCast,
}: {
  lines: string[];
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
        {ballotWords.reviewTitle}
      </h2>
      <p className={cx("muted", shared.small)}>{ballotWords.reviewIntro}</p>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {skipped.length > 0 && (
        <p className={cx("muted", shared.small)}>{ballotWords.reviewSkipped(skipped.join(", "))}</p>
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
          {ballotWords.reviewBack}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={preview}
          aria-disabled={busy !== false || undefined}
          onClick={busy === false ? onCast : undefined}
        >
          {busy === "casting" ? text.submitting : ballotWords.reviewCast}
        </button>
      </div>
    </section>
  );
}
