import type { ReactNode } from "react";
import { Modal } from "./Modal";

interface ConfirmDialogProps {
  title: string;
  onClose(): void;
  /** Runs on the confirm button; the dialog's owner closes it when done. */
  onConfirm(): void;
  /** While true both buttons are disabled and the confirm button shows `busyLabel`. */
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  /** The confirm button's look: a red one for what cannot be undone. */
  tone?: "danger" | "primary";
  /** Disables the confirm button alone (nothing chosen yet). */
  confirmDisabled?: boolean;
  children: ReactNode;
}

/** A dialog that asks before doing something: Cancel, and a button that does it. */
export function ConfirmDialog({
  title,
  onClose,
  onConfirm,
  busy,
  confirmLabel,
  busyLabel,
  cancelLabel,
  tone = "danger",
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn btn-${tone}`}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
