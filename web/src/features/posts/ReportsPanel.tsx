import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { REPORTS_LIMIT_MAX, REPORTS_PAGE_SIZE, type Report } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import type { Moment } from "../../api/moment";
import { endpointKey, readFromNow, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { useTopic } from "../../api/useRealtime";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { useWorkspace } from "../workspace/WorkspaceContext";
import parts from "./ChannelParts.module.css";
import { FlagIcon } from "./icons";
import { Quote } from "./Quote";
import { ReportItem } from "./ReportItem";
import styles from "./ReportsPanel.module.css";
import { text } from "./text";

/**
 * For administrators: the organization's open reports, oldest first, each with the message, its
 * channel, who reported it and why, and Dismiss or Delete message. New reports, and those another
 * administrator decided, show live. The panel reads the oldest 50 and says how many are open in
 * all; Show more reads 50 more, and each decision lets the next one in.
 */
export function ReportsPanel({ organizationId }: { organizationId?: string }) {
  const { currentId, members } = useWorkspace();
  const id = organizationId ?? currentId;
  const toast = useToast();
  const [confirming, setConfirming] = useState<Report | null>(null);
  const closeConfirm = useCallback(() => setConfirming(null), []);
  const [limit, setLimit] = useState(REPORTS_PAGE_SIZE);

  // Read afresh each time the panel opens; new reports and a reconnect read it again.
  const load = useEndpointQuery(
    postsEndpoints.reports,
    { params: { id: id ?? "" }, query: { limit } },
    { enabled: Boolean(id), refetchOnMount: "always", placeholderData: keepPreviousData },
  );
  const page = load.data;
  const more = page !== undefined && page.open_count > page.reports.length;
  const queryClient = useQueryClient();
  const refresh = (since?: Moment) =>
    readFromNow(queryClient, endpointKey(postsEndpoints.reports, { params: { id: id ?? "" } }), { since });
  // On the administrators' topic: a new report, and one another administrator decided.
  useTopic(
    id ? `admins:${id}` : null,
    { "report.created": () => void refresh(), "report.decided": () => void refresh() },
    (since) => void refresh(since),
  );

  const dismiss = useEndpointMutation(postsEndpoints.dismissReport);
  const remove = useEndpointMutation(postsEndpoints.removeReported);
  const busy = (report: Report) =>
    (dismiss.isPending && dismiss.variables?.params.id === report.id) ||
    (remove.isPending && remove.variables?.params.id === report.id);
  const decided = (done: string) => {
    toast(done);
    return refresh();
  };
  const onDismiss = (report: Report) =>
    dismiss.mutate(
      { params: { id: report.id } },
      {
        onSuccess: () => void decided(text.reportDismissed),
        onError: (failure) => toast(messageOf(failure), "error"),
      },
    );

  return (
    <section className={styles.reports} aria-labelledby="tc-reports-title">
      <h2 id="tc-reports-title" className={styles.reportsTitle}>
        <FlagIcon size={18} />
        {text.reportsTitle}
      </h2>
      {more && (
        <p className={styles.reportsShown}>{text.reportsShown(page.reports.length, page.open_count)}</p>
      )}
      <LoadState
        data={page?.reports}
        error={load.error ? messageOf(load.error) : null}
        loadingLabel={text.loading}
        errorTitle={text.listFailed}
        retryLabel={text.retry}
        onRetry={() => void refresh()}
        isEmpty={(reports) => reports.length === 0}
        empty={<EmptyState title={text.noReports} />}
      >
        {(reports) => (
          <ul className={styles.reportsList}>
            {reports.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                members={members}
                busy={busy(report)}
                onDismiss={() => onDismiss(report)}
                onDelete={() => setConfirming(report)}
              />
            ))}
          </ul>
        )}
      </LoadState>
      {more && limit < REPORTS_LIMIT_MAX && (
        <button
          type="button"
          className={`btn ${styles.reportsMore}`}
          disabled={load.isPlaceholderData}
          onClick={() => setLimit((asked) => Math.min(REPORTS_LIMIT_MAX, asked + REPORTS_PAGE_SIZE))}
        >
          {load.isPlaceholderData ? text.loading : text.showMoreReports}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={text.deleteTitle}
          onClose={closeConfirm}
          onConfirm={() =>
            remove.mutateAsync({ params: { id: confirming.id } }).then(() => decided(text.reportRemoved))
          }
          cancelLabel={text.cancel}
          confirmLabel={text.delete}
          busyLabel={text.deleting}
        >
          <p className={parts.dialogText}>{text.deleteConfirm}</p>
          <Quote post={confirming.post} />
        </ConfirmDialog>
      )}
    </section>
  );
}
