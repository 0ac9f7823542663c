import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import "./tabs.css";

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), arrow keys move
 * to the previous/next tab (wrapping) and select it, Home and End to the first and last; the panel is
 * labelled by its tab.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  look = "underline",
  children,
}: {
  tabs: Array<TabDef<K>>;
  active: K;
  onChange(key: K): void;
  /** The tab list's accessible name. */
  label: string;
  /** Underlined tabs over a padded panel (screens), or a segmented switch over a bare panel (forms). */
  look?: "underline" | "segmented";
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    let next: number;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    refs.current[tab.key]?.focus();
  };
  return (
    <>
      <div className={`ui-tabs ui-tabs-${look}`} role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(node) => {
              refs.current[tab.key] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? "ui-tab ui-tab-active" : "ui-tab"}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        className={`ui-tab-panel-${look}`}
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
      >
        {children}
      </div>
    </>
  );
}
