import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { cx } from "./cx";
import styles from "./Tabs.module.css";

const LIST = { underline: styles.underline, segmented: styles.segmented, side: styles.side };

export interface TabDef<K extends string> {
  key: K;
  /**
   * What the tab shows: plain text, or a node (the text and, say, a count badge). A node's text is
   * the tab's accessible name unless `name` gives one.
   */
  label: ReactNode;
  /** The tab's accessible name when its label alone does not say it well. */
  name?: string;
}

/** Class names for `look="custom"`: the caller styles the list and its tabs itself. */
export interface TabClasses {
  list?: string;
  tab?: string;
  active?: string;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), arrow keys move
 * to the previous/next tab (wrapping) and select it (Left/Right, or Up/Down when the list stands
 * vertically), Home and End to the first and last; the panel is labelled by its tab.
 *
 * With `panel`, each tab has its own panel instead of one shared panel: a tab's panel is mounted the
 * first time the tab is shown and then stays mounted, hidden while another tab is shown, so it keeps
 * its state (a list's scroll place, a half-written draft, an upload under way).
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  look = "underline",
  classes,
  panel,
  panelClass,
  panelsClass,
  children,
}: {
  tabs: Array<TabDef<K>>;
  active: K;
  onChange(key: K): void;
  /** The tab list's accessible name. */
  label: string;
  /**
   * Underlined tabs over a padded panel (screens), a segmented switch over a bare panel (forms), or a
   * vertical list beside the panel (a settings dialog's sections; the caller lays the two side by side).
   */
  look?: "underline" | "segmented" | "side" | "custom";
  /** The list's, tabs' and selected tab's classes when `look` is "custom". */
  classes?: TabClasses;
  /** One panel per tab, kept mounted once shown (see above): the panel's content for a tab. */
  panel?(key: K): ReactNode;
  /** With `panel`: a tab's panel class. */
  panelClass?(key: K): string | undefined;
  /** With `panel`: the class of the box that holds the panels, and `children` after them. */
  panelsClass?: string;
  /** The one panel's content; with `panel`, what follows the panels in their box (e.g. an overlay). */
  children?: ReactNode;
}) {
  const base = useId();
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set([active]));
  if (panel && !shown.has(active)) setShown(new Set(shown).add(active));
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const vertical = look === "side";
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    let next: number;
    if (event.key === (vertical ? "ArrowDown" : "ArrowRight")) next = (index + 1) % tabs.length;
    else if (event.key === (vertical ? "ArrowUp" : "ArrowLeft"))
      next = (index - 1 + tabs.length) % tabs.length;
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
      <div
        className={look === "custom" ? classes?.list : LIST[look]}
        role="tablist"
        aria-label={label}
        aria-orientation={vertical ? "vertical" : "horizontal"}
        onKeyDown={onKey}
      >
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
            aria-controls={
              !panel ? `${base}-panel` : shown.has(tab.key) ? `${base}-panel-${tab.key}` : undefined
            }
            aria-label={tab.name}
            tabIndex={tab.key === active ? 0 : -1}
            className={
              look === "custom"
                ? cx(classes?.tab, tab.key === active && classes?.active)
                : cx(styles.tab, tab.key === active && styles.active)
            }
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {panel ? (
        <div className={panelsClass}>
          {tabs
            .filter((tab) => shown.has(tab.key))
            .map((tab) => (
              <div
                key={tab.key}
                className={panelClass?.(tab.key)}
                role="tabpanel"
                // The tabs pattern's tab stop: a panel that scrolls or holds no control is reached too.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern gives the panel a tab stop
                tabIndex={0}
                id={`${base}-panel-${tab.key}`}
                aria-labelledby={`${base}-tab-${tab.key}`}
                hidden={tab.key !== active}
              >
                {panel(tab.key)}
              </div>
            ))}
          {children}
        </div>
      ) : (
        <div
          className={
            look === "underline" ? styles.panelUnderline : look === "side" ? styles.panelSide : undefined
          }
          role="tabpanel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern gives the panel a tab stop
          tabIndex={0}
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${active}`}
        >
          {children}
        </div>
      )}
    </>
  );
}
