import { useRef } from "react";
import { Link } from "react-router";
import { electionMessages } from "../../../../contract/elections";
import { copyText } from "../../ui/clipboard";
import { useToast } from "../../ui/Toast";
import { text } from "./text";

/** After a cast: the receipt, to copy and to find on the bulletin board. */
export function Receipt({
  electionId,
  receipt,
  head,
  onDone,
}: {
  electionId: string;
  receipt: string;
  /** The chain's head at the vote, `<sequence>:<root>`, or null before the first seal. */
  head: string | null;
  onDone(): void;
}) {
  const toast = useToast();
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div className="el-receipt" ref={ref} role="status">
      <p className="el-receipt-success">✓ {electionMessages.voteCast}</p>
      <h3>{text.receiptTitle}</h3>
      <div className="el-receipt-code-row">
        <code className="el-receipt-code">{receipt}</code>
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
      <p className="el-receipt-keep">{text.receiptKeep}</p>
      <div className="el-receipt-head">
        <span className="el-small">{text.receiptHead}</span>
        {head ? (
          <>
            <code className="el-receipt-head-code">{head}</code>
            <p className="muted el-small">{text.receiptHeadNote}</p>
          </>
        ) : (
          <p className="muted el-small">{text.receiptNoHead}</p>
        )}
      </div>
      <div className="el-receipt-actions">
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
