import type { Member } from "../../../../contract/organizations";
import { authorName, type Report } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { FileCard } from "./Attachment";
import parts from "./ChannelParts.module.css";
import { dateOf, fullTime, shortTime } from "./format";
import styles from "./ReportItem.module.css";
import { RichText } from "./RichText";
import { text } from "./text";

/** One open report: the message, its channel, who reported it and why, Dismiss and Delete message. */
export function ReportItem({
  report,
  members,
  busy,
  onDismiss,
  onDelete,
}: {
  report: Report;
  members: Member[];
  busy: boolean;
  onDismiss(): void;
  onDelete(): void;
}) {
  return (
    <li className={styles.report}>
      <p className={styles.reportMeta}>
        {text.reportedBy(authorName(report.reporter), dateOf(report.created_at))} ·{" "}
        {text.inChannel(report.channel_name)}
      </p>
      <div className={parts.cardHead}>
        <Avatar name={authorName(report.post.author)} size={28} />
        <span className={parts.cardAuthor}>{authorName(report.post.author)}</span>
        <time dateTime={report.post.created_at} title={fullTime(report.post.created_at)}>
          {shortTime(report.post.created_at)}
        </time>
      </div>
      {report.post.content && (
        <p className={parts.cardText}>
          <RichText value={report.post.content} members={members} />
        </p>
      )}
      {report.post.attachment &&
        (report.post.attachment.is_image ? (
          <a
            className={parts.attachmentImage}
            href={report.post.attachment.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <img src={report.post.attachment.url} alt={report.post.attachment.filename} loading="lazy" />
          </a>
        ) : (
          <FileCard attachment={report.post.attachment} />
        ))}
      <p className={styles.reportReason}>
        <span className={styles.reportReasonLabel}>{text.reason}: </span>
        {report.reason ? report.reason : <span className={styles.reportReasonNone}>{text.noReason}</span>}
      </p>
      <div className={styles.reportActions}>
        <button type="button" className={cx("btn", parts.btnSmall)} disabled={busy} onClick={onDismiss}>
          {text.dismiss}
        </button>
        <button
          type="button"
          className={cx("btn", "btn-danger", parts.btnSmall)}
          disabled={busy}
          onClick={onDelete}
        >
          {text.deleteMessage}
        </button>
      </div>
    </li>
  );
}
