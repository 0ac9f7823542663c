import { type FocusEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from "react";

/**
 * Where a key moves the focus in a one-dimensional widget that is one tab stop (a toolbar, a menu; Tabs
 * keeps its own copy of these lines, as it is on the ballot page's first load): the next or previous item, wrapping (Right and Left, or Down and Up when it stands
 * vertically), Home and End to the first and last. Undefined for any other key, which is not ours.
 */
export function stepIndex(key: string, index: number, count: number, vertical = false): number | undefined {
  if (key === (vertical ? "ArrowDown" : "ArrowRight")) return (index + 1) % count;
  if (key === (vertical ? "ArrowUp" : "ArrowLeft")) return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
}

/**
 * A toolbar's own buttons, enabled, in order: found in the page, so that a button a component of the
 * caller's draws (an emoji picker's) takes part, but not those of what opens from one (its palette,
 * role="group"), which keep their own Tab order.
 */
function itemsOf(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>("button:not(:disabled)")].filter(
    (item) => item.parentElement?.closest("[role]") === toolbar,
  );
}

/**
 * A row of buttons that is one tab stop, after the WAI-ARIA toolbar pattern: Tab enters at the
 * button last used (the first at first) and the next Tab leaves; Left and Right move between the
 * buttons (wrapping), Home and End to the first and last. A list of messages each with its actions
 * is then one stop a message, not five.
 */
export function Toolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const stop = useRef<HTMLElement | null>(null);
  const rove = () => {
    const toolbar = ref.current;
    if (!toolbar) return;
    const items = itemsOf(toolbar);
    const current = stop.current && items.includes(stop.current) ? stop.current : items[0];
    for (const item of items) item.tabIndex = item === current ? 0 : -1;
  };
  // After every render: buttons come and go with what the user may do.
  useLayoutEffect(rove);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!itemsOf(event.currentTarget).includes(event.target)) return;
    stop.current = event.target;
    rove();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(event.currentTarget);
    const index = items.indexOf(event.target as HTMLElement);
    const next = index < 0 ? undefined : stepIndex(event.key, index, items.length);
    if (next === undefined) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <div
      ref={ref}
      className={className}
      role="toolbar"
      aria-label={label}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
