import { useEffect, useRef } from "react";
import { electionMessages } from "../../../../contract/elections";
import { Link } from "../../router";
import { copyText } from "../../ui/clipboard";
import { cx } from "../../ui/cx";
import { useToast } from "../../ui/Toast";
import shared from "./elections.module.css";
import { text } from "./text";
import styles from "./VoteReceipt.module.css";

/** After a cast: the receipt, to copy and to find on the bulletin board. */
export function Receipt({
  electionId,
  receipt,
  head,
  onDone,
}: {
  electionId: string;
  receipt: string;
  /**
   * The chain's head at the vote, `<sequence>:<root>`, or null before the first seal; undefined when
   * the cast's answer was lost (castBallot.ts settleLost): not known, so not said.
   */
  head: string | null | undefined;
  onDone(): void;
}) {
  const toast = useToast();
  const ref = useRef<HTMLDivElement>(null);
  // The ballot that had the focus is gone: the receipt takes it, so a keyboard or screen reader user
  // is where the vote's outcome is.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus();
  }, []);
  return (
    <div className={styles.receipt} ref={ref} role="status" tabIndex={-1}>
      <p className={styles.receiptSuccess}>✓ {electionMessages.voteCast}</p>
      <h2>{text.receiptTitle}</h2>
      <div className={styles.receiptCodeRow}>
        <code className={styles.receiptCode}>{receipt}</code>
        <button
          type="button"
          className="btn"
          onClick={async () => {
            try {
              await copyText(receipt);
              toast(text.copied);
            } catch {
              toast(text.copyFailed, "error");
            }
          }}
        >
          {text.copy}
        </button>
      </div>
      <p className={styles.receiptKeep}>{text.receiptKeep}</p>
      {head !== undefined && (
        <div className={styles.receiptHead}>
          <span className={shared.small}>{text.receiptHead}</span>
          {head ? (
            <>
              <code className={styles.receiptHeadCode}>{head}</code>
              <p className={cx("muted", shared.small)}>{text.receiptHeadNote}</p>
            </>
          ) : (
            <p className={cx("muted", shared.small)}>{text.receiptNoHead}</p>
          )}
        </div>
      )}
      <div className={styles.receiptActions}>
        <Link className="btn" to={`/elections/${electionId}/bulletin`} target="_blank" rel="noopener">
          {text.findOnBulletin}
        </Link>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {text.dismiss}
        </button>
      </div>
    </div>
  );
}
