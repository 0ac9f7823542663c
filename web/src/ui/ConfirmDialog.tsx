import { type ReactNode, useCallback, useRef, useState } from "react";
import { Modal } from "./Modal";
import { messageOf } from "./messageOf";

interface ConfirmDialogProps {
  title: string;
  onClose(): void;
  /**
   * Runs on the confirm button. When it returns a promise the dialog is busy until it settles,
   * closes itself when it resolves and shows the failure inside when it rejects; otherwise the
   * dialog's owner says when it is `busy` and closes it when done.
   */
  onConfirm(): Promise<unknown> | undefined;
  /** While true both buttons are disabled and the confirm button shows `busyLabel`. */
  busy?: boolean;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  /** The confirm button's look: a red one for what cannot be undone. */
  tone?: "danger" | "primary";
  /** Disables the confirm button alone (nothing chosen yet). */
  confirmDisabled?: boolean;
  children: ReactNode;
}

/** A dialog that asks before doing something: Cancel, and a button that does it. Closing waits while it works. */
export function ConfirmDialog({
  title,
  onClose,
  onConfirm,
  busy: ownerBusy = false,
  confirmLabel,
  busyLabel,
  cancelLabel,
  tone = "danger",
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = ownerBusy || working;
  const state = useRef({ busy, onClose });
  state.current = { busy, onClose };
  // One onClose for the dialog's life (the modal keeps its opener across renders); ignored while busy.
  const close = useCallback(() => {
    if (!state.current.busy) state.current.onClose();
  }, []);
  const confirm = () => {
    const pending = onConfirm();
    if (!(pending instanceof Promise)) return;
    setWorking(true);
    setError(null);
    pending.then(
      () => state.current.onClose(),
      (failure: unknown) => {
        setError(messageOf(failure));
        setWorking(false);
      },
    );
  };
  return (
    <Modal
      title={title}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn btn-${tone}`}
            onClick={confirm}
            disabled={busy || confirmDisabled}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
