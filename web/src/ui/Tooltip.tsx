import { type ReactNode, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { cx } from "./cx";
import styles from "./Tooltip.module.css";

interface TooltipProps {
  text: string;
  /** Which side of the wrapped element the bubble appears on. */
  side?: "right" | "top";
  children: ReactNode;
}

/**
 * A styled label shown beside an element on hover and on keyboard focus. It lives in a fixed layer,
 * so scrolling containers (the organization strip) do not clip it. The wrapped control keeps its
 * own accessible name; the bubble only says it visually.
 */
export function Tooltip({ text, side = "right", children }: TooltipProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const show = () => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect) return;
    setAt(
      side === "right"
        ? { x: rect.right + 10, y: rect.top + rect.height / 2 }
        : { x: rect.left + rect.width / 2, y: rect.top - 8 },
    );
  };
  const hide = () => setAt(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it listens to the events of the control it wraps
    <span
      ref={ref}
      className={styles.anchor}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={(event) => {
        if ((event.target as HTMLElement).matches(":focus-visible")) show();
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
    >
      {children}
      {at &&
        createPortal(
          // The control already has this name: the bubble is for the eye only (and, outside any
          // landmark, would be a stray region to a screen reader).
          <span
            className={cx(styles.tooltip, side === "right" ? styles.right : styles.top)}
            style={{ left: at.x, top: at.y }}
            aria-hidden="true"
          >
            {text}
          </span>,
          // Inside an open modal dialog, the tooltip joins it in the top layer.
          ref.current?.closest("dialog") ?? document.body,
        )}
    </span>
  );
}
