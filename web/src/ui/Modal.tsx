import { type ReactNode, useEffect, useId, useRef } from "react";
import { openerOf } from "./Menu";
import "./ui.css";

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  wide?: boolean;
}

/**
 * A dialog over the page: Escape and the close button call onClose; focus moves into it, and back
 * to the control that opened it when it closes.
 */
export function Modal({ title, onClose, children, footer, wide }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The control that had the focus when the dialog first rendered (kept across re-renders).
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  // Opened from a menu item: the item goes with the menu, so the menu's own button is the opener.
  if (opener.current === undefined) opener.current = openerOf(document.activeElement);
  // Once per opening: a parent that passes a new onClose each render must not move the focus again
  // (re-running took the focus inside the dialog for the opener, so closing lost it).
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>("input, select, textarea, button:not(.ui-modal-close)")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener.current?.isConnected) opener.current.focus();
    };
  }, []);
  return (
    <div className="ui-modal-backdrop">
      <div
        ref={ref}
        className={wide ? "ui-modal ui-modal-wide" : "ui-modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="ui-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="ui-modal-body">{children}</div>
        {footer && <div className="ui-modal-footer">{footer}</div>}
      </div>
    </div>
  );
}
