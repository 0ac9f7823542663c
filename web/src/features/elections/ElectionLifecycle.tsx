import { type FormEvent, useId, useState } from "react";
import { type Election, electionsEndpoints } from "../../../../contract/elections";
import { call } from "../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Field } from "../../ui/Field";
import { useToast } from "../../ui/Toast";
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
  const [endDate, setEndDate] = useState(election.end_date);
  const [endTime, setEndTime] = useState(election.end_time);
  const extendId = useId();
  const running = election.status === "upcoming" || election.status === "active";
  const later = `${endDate}T${endTime}` > `${election.end_date}T${election.end_time}`;

  if (!running) return <p className="muted el-small">{text.lifecycleNone}</p>;

  const act = async (action: Pending) => {
    const next =
      action.kind === "open"
        ? await call(electionsEndpoints.open, { params: { id: election.id } })
        : action.kind === "close"
          ? await call(electionsEndpoints.close, { params: { id: election.id } })
          : action.kind === "cancel"
            ? await call(electionsEndpoints.cancel, { params: { id: election.id } })
            : await call(electionsEndpoints.extend, {
                params: { id: election.id },
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
    <div className="el-lifecycle">
      <div className="el-lifecycle-buttons">
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
          className="btn el-btn-danger-outline"
          onClick={() => setPending({ kind: "cancel" })}
        >
          {text.cancelElection}
        </button>
      </div>

      <form
        className="el-extend"
        aria-labelledby={`${extendId}-title`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (later) setPending({ kind: "extend", end_date: endDate, end_time: endTime });
        }}
      >
        <h4 id={`${extendId}-title`}>{text.extendTitle}</h4>
        <p className="muted el-small">
          Now ends {calendarDate(election.end_date)} at {election.end_time} ({election.time_zone}).
        </p>
        <div className="el-extend-fields">
          <Field
            label={text.newEndDate}
            type="date"
            value={endDate}
            min={election.end_date}
            onChange={(event) => setEndDate(event.target.value)}
          />
          <Field
            label={text.newEndTime}
            type="time"
            value={endTime}
            onChange={(event) => setEndTime(event.target.value)}
          />
        </div>
        {!later && (endDate !== election.end_date || endTime !== election.end_time) && (
          <p className="el-field-error">{text.extendMustBeLater}</p>
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
          <p className="el-confirm-body">{dialog.body}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
