import type { ReactNode } from "react";
import "./table.css";

/**
 * A data table: header cells on a tinted row, rows ruled, numbers right-aligned (`ui-num` on a
 * cell); scrolls sideways inside its own box when wider than the page.
 */
export function Table({
  children,
  compact = false,
  className,
  scroll = true,
}: {
  children: ReactNode;
  /** Tighter cells, for long lists. */
  compact?: boolean;
  /** The screen's own additions to the look. */
  className?: string;
  /** Wraps the table in a box that scrolls sideways (off where the page scrolls already). */
  scroll?: boolean;
}) {
  const table = (
    <table className={["ui-table", compact && "ui-table-compact", className].filter(Boolean).join(" ")}>
      {children}
    </table>
  );
  return scroll ? <div className="ui-table-wrap">{table}</div> : table;
}
