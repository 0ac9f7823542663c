import type { ReactNode } from "react";
import "./load-state.css";

/** Nothing to show yet: what is missing and, when there is one, what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ui-load-state ui-empty-state">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
