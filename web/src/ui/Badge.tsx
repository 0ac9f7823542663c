import type { ReactNode } from "react";
import "./badge.css";

export type BadgeTone = "green" | "grey" | "yellow" | "blue" | "orange" | "red";

/** A short status in a coloured pill, with a dot before it when `dot` is set. */
export function Badge({
  tone,
  dot = false,
  children,
}: {
  tone: BadgeTone;
  dot?: boolean;
  children: ReactNode;
}) {
  return (
    <span className={`ui-badge ui-badge-${tone}`}>
      {dot && <span className="ui-badge-dot" aria-hidden="true" />}
      {children}
    </span>
  );
}
