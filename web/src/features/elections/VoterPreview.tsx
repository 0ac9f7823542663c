import { useState } from "react";
import type { Election } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { BallotForm } from "./BallotForm";
import { previewWords } from "./reviewWords";
import styles from "./VoterPreview.module.css";

/**
 * "Preview as a voter": the whole ballot of an upcoming election as a voter sees it, for whoever manages
 * the election; everything works except casting.
 */
export function VoterPreview({ election, voterId }: { election: Election; voterId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cx("btn", styles.button)}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? previewWords.previewClose : previewWords.previewOpen}
      </button>
      {open && (
        <section className={styles.preview} aria-label={previewWords.previewTitle}>
          <Status className={styles.banner}>{previewWords.previewBanner}</Status>
          <BallotForm
            positions={election.positions}
            voterId={voterId}
            busy={false}
            preview
            onCast={() => {}}
          />
        </section>
      )}
    </>
  );
}
