import { type ReactNode, useEffect, useId, useRef } from "react";
import "./ui.css";

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  wide?: boolean;
}

/** A dialog over the page: Escape and the close button call onClose; focus moves into it. */
export function Modal({ title, onClose, children, footer, wide }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>("input, select, textarea, button:not(.ui-modal-close)")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [onClose]);
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
