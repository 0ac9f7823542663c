import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { cx } from "./cx";
import { containersOf, focusNearest } from "./focusRescue";
import { openerOf } from "./Menu";
import styles from "./Modal.module.css";

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  wide?: boolean;
}

/** What Tab stops at. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native `<dialog>` element (opened with showModal, so the page behind is
 * inert): Tab and Shift+Tab cycle inside it, Escape and the close button call onClose; focus moves
 * into it, and back to the control that opened it when it closes.
 */
export function Modal({ title, onClose, children, footer, wide }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The control that had the focus when the dialog first rendered (kept across re-renders).
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  // Opened from a menu item: the item goes with the menu, so the menu's own button is the opener.
  if (opener.current === undefined) opener.current = openerOf(document.activeElement);
  // Once per opening: a parent that passes a new onClose each render must not move the focus again
  // (re-running took the focus inside the dialog for the opener, so closing lost it).
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (dialog) focusFirst(dialog);
    // Where the opener was: a dialog that removed it (Delete) gives the focus to what held it.
    const openerPlace = opener.current ? containersOf(opener.current) : [];
    return () => {
      if (opener.current?.isConnected) opener.current.focus();
      else focusNearest(openerPlace);
    };
  }, []);
  // A step of the dialog that replaced the focused control (a method chosen, say) left the focus
  // nowhere: it goes to the new step's first field, as at opening.
  useEffect(() => {
    const dialog = ref.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (dialog?.open && lost) focusFirst(dialog);
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A dialog opened from inside this one handles its own keys.
    if ((event.target as Element).closest("dialog") !== event.currentTarget) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close.current();
    } else if (event.key === "Tab") {
      const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (node) => node.closest("dialog") === event.currentTarget,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === event.currentTarget)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  return (
    <dialog
      ref={ref}
      className={cx(styles.modal, wide && styles.wide)}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // Other ways to ask a dialog to close (a phone's back gesture) go through onClose too.
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}

/** The dialog's first field, else its first button other than the close button. */
function focusFirst(dialog: HTMLDialogElement): void {
  dialog.querySelector<HTMLElement>(`input, select, textarea, button:not(.${styles.close})`)?.focus();
}
