import { useCallback, useState } from "react";
import { authorName, postsEndpoints, type Report } from "../../../../contract/posts";
import { call } from "../../api/client";
import { useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { Avatar } from "../../ui/Avatar";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { FileCard } from "./Attachment";
import { dateOf, fullTime, shortTime } from "./format";
import { FlagIcon } from "./icons";
import { RichText } from "./RichText";
import { text } from "./text";
import "./posts.css";

/**
 * For administrators: the organization's open reports, each with the message, its channel, who
 * reported it and why, and Dismiss or Delete message. New reports arrive live.
 */
export function ReportsPanel({ organizationId }: { organizationId?: string }) {
  const { currentId, members } = useWorkspace();
  const id = organizationId ?? currentId;
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Report | null>(null);
  const closeConfirm = useCallback(() => setConfirming(null), []);

  // Read afresh each time the panel opens; new reports and a reconnect read it again.
  const load = useEndpointQuery(
    postsEndpoints.reports,
    { params: { id: id ?? "" } },
    { enabled: Boolean(id), refetchOnMount: "always" },
  );
  const refresh = () => load.refetch();
  useTopic(id ? `org:${id}` : null, { "report.created": () => void refresh() }, () => void refresh());

  const decide = async (report: Report, remove: boolean) => {
    setBusy(report.id);
    try {
      await call(remove ? postsEndpoints.removeReported : postsEndpoints.dismissReport, {
        params: { id: report.id },
      });
      setConfirming(null);
      toast(remove ? text.reportRemoved : text.reportDismissed);
      await refresh();
    } catch (failure) {
      toast(messageOf(failure), "error");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="tc-reports" aria-labelledby="tc-reports-title">
      <h2 id="tc-reports-title" className="tc-reports-title">
        <FlagIcon size={18} />
        {text.reportsTitle}
      </h2>
      {load.isPending && (
        <p className="muted" role="status">
          {text.loading}
        </p>
      )}
      {load.isError && (
        <div className="alert alert-error" role="alert">
          {load.error.message}{" "}
          <button type="button" className="tc-link-button" onClick={() => void refresh()}>
            {text.retry}
          </button>
        </div>
      )}
      {load.isSuccess && load.data.reports.length === 0 && <p className="muted">{text.noReports}</p>}
      {load.isSuccess && load.data.reports.length > 0 && (
        <ul className="tc-reports-list">
          {load.data.reports.map((report) => (
            <li key={report.id} className="tc-report">
              <p className="tc-report-meta">
                {text.reportedBy(authorName(report.reporter), dateOf(report.created_at))} ·{" "}
                {text.inChannel(report.channel_name)}
              </p>
              <div className="tc-card-head">
                <Avatar name={authorName(report.post.author)} size={28} />
                <span className="tc-card-author">{authorName(report.post.author)}</span>
                <time dateTime={report.post.created_at} title={fullTime(report.post.created_at)}>
                  {shortTime(report.post.created_at)}
                </time>
              </div>
              {report.post.content && (
                <p className="tc-card-text">
                  <RichText value={report.post.content} members={members} />
                </p>
              )}
              {report.post.attachment &&
                (report.post.attachment.is_image ? (
                  <a
                    className="tc-attachment-image"
                    href={report.post.attachment.url}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <img
                      src={report.post.attachment.url}
                      alt={report.post.attachment.filename}
                      loading="lazy"
                    />
                  </a>
                ) : (
                  <FileCard attachment={report.post.attachment} />
                ))}
              <p className="tc-report-reason">
                <span className="tc-report-reason-label">{text.reason}: </span>
                {report.reason ? (
                  report.reason
                ) : (
                  <span className="tc-report-reason-none">{text.noReason}</span>
                )}
              </p>
              <div className="tc-report-actions">
                <button
                  type="button"
                  className="btn tc-btn-small"
                  disabled={busy === report.id}
                  onClick={() => void decide(report, false)}
                >
                  {text.dismiss}
                </button>
                <button
                  type="button"
                  className="btn btn-danger tc-btn-small"
                  disabled={busy === report.id}
                  onClick={() => setConfirming(report)}
                >
                  {text.deleteMessage}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Modal
          title={text.deleteTitle}
          onClose={closeConfirm}
          footer={
            <>
              <button type="button" className="btn" onClick={closeConfirm} disabled={busy === confirming.id}>
                {text.cancel}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy === confirming.id}
                onClick={() => void decide(confirming, true)}
              >
                {busy === confirming.id ? text.deleting : text.delete}
              </button>
            </>
          }
        >
          <p className="tc-dialog-text">{text.deleteConfirm}</p>
          <blockquote className="tc-quote">
            <strong>{authorName(confirming.post.author)}</strong>
            <span>{confirming.post.content || confirming.post.attachment?.filename}</span>
          </blockquote>
        </Modal>
      )}
    </section>
  );
}
