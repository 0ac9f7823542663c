import { useId, useState } from "react";
import type { Election } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { extendElectionInput } from "../../../../contract/elections-input";
import { useEndpointMutation } from "../../api/query";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { useToast } from "../../ui/Toast";
import styles from "./ElectionLifecycle.module.css";
import shared from "./elections.module.css";
import { calendarDate } from "./format";
import { text } from "./text";

type Pending =
  | { kind: "open" }
  | { kind: "close" }
  | { kind: "cancel" }
  | { kind: "extend"; end_date: string; end_time: string };

/** Opening, closing, cancelling and extending the election, each confirmed first. */
export function Lifecycle({ election, onUpdated }: { election: Election; onUpdated(next: Election): void }) {
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const form = useContractForm(extendElectionInput, {
    defaultValues: { end_date: election.end_date, end_time: election.end_time },
  });
  const [endDate, endTime] = form.watch(["end_date", "end_time"]);
  const open = useEndpointMutation(electionsEndpoints.open);
  const close = useEndpointMutation(electionsEndpoints.close);
  const cancel = useEndpointMutation(electionsEndpoints.cancel);
  const extend = useEndpointMutation(electionsEndpoints.extend);
  const extendId = useId();
  const running = election.status === "upcoming" || election.status === "active";
  const later = `${endDate}T${endTime}` > `${election.end_date}T${election.end_time}`;

  if (!running) return <p className={cx("muted", shared.small)}>{text.lifecycleNone}</p>;

  const act = async (action: Pending) => {
    const params = { id: election.id };
    const next =
      action.kind === "open"
        ? await open.mutateAsync({ params })
        : action.kind === "close"
          ? await close.mutateAsync({ params })
          : action.kind === "cancel"
            ? await cancel.mutateAsync({ params })
            : await extend.mutateAsync({
                params,
                body: { end_date: action.end_date, end_time: action.end_time },
              });
    onUpdated(next);
    toast(
      action.kind === "open"
        ? text.opened
        : action.kind === "close"
          ? text.closed
          : action.kind === "cancel"
            ? text.cancelled
            : text.extended,
    );
  };

  const dialog = (() => {
    if (!pending) return null;
    if (pending.kind === "open") return { ...text.confirmOpen, label: text.openNow, danger: false };
    if (pending.kind === "close") return { ...text.confirmClose, label: text.closeNow, danger: true };
    if (pending.kind === "cancel") return { ...text.confirmCancel, label: text.cancelElection, danger: true };
    return {
      ...text.confirmExtend(pending.end_date, pending.end_time, election.time_zone),
      label: text.extend,
      danger: false,
    };
  })();

  return (
    <div>
      <div className={styles.lifecycleButtons}>
        {election.status === "upcoming" && (
          <button type="button" className="btn btn-primary" onClick={() => setPending({ kind: "open" })}>
            {text.openNow}
          </button>
        )}
        {election.status === "active" && (
          <button type="button" className="btn btn-primary" onClick={() => setPending({ kind: "close" })}>
            {text.closeNow}
          </button>
        )}
        <button
          type="button"
          className={cx("btn", styles.btnDangerOutline)}
          onClick={() => setPending({ kind: "cancel" })}
        >
          {text.cancelElection}
        </button>
      </div>

      <form
        className={styles.extend}
        aria-labelledby={`${extendId}-title`}
        onSubmit={submitting(form, (end) => {
          if (later) setPending({ kind: "extend", ...end });
        })}
      >
        <h4 id={`${extendId}-title`}>{text.extendTitle}</h4>
        <p className={cx("muted", shared.small)}>
          Now ends {calendarDate(election.end_date)} at {election.end_time} ({election.time_zone}).
        </p>
        <div className={styles.extendFields}>
          <Field
            label={text.newEndDate}
            type="date"
            min={election.end_date}
            {...fieldProps(form, "end_date")}
          />
          <Field label={text.newEndTime} type="time" {...fieldProps(form, "end_time")} />
        </div>
        {!later && (endDate !== election.end_date || endTime !== election.end_time) && (
          <p className={shared.fieldError}>{text.extendMustBeLater}</p>
        )}
        <button type="submit" className="btn" disabled={!later || !endDate || !endTime}>
          {text.extend}
        </button>
      </form>

      {pending && dialog && (
        <ConfirmDialog
          title={dialog.title}
          confirmLabel={dialog.label}
          busyLabel={text.working}
          cancelLabel={text.keep}
          tone={dialog.danger ? "danger" : "primary"}
          onConfirm={() => act(pending)}
          onClose={() => setPending(null)}
        >
          <p className={styles.confirmBody}>{dialog.body}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
