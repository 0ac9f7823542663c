import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { cx } from "./cx";
import styles from "./Menu.module.css";
import { stepIndex } from "./Toolbar";

export interface MenuItem {
  /** Unique within its list. */
  id: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Shows a check mark (menuitemcheckbox semantics are not needed: it is a momentary tick). */
  checked?: boolean;
  disabled?: boolean;
  /** A short note at the right, e.g. "until 14:30". */
  hint?: string;
  /** A nested menu, opened by hover, click, Enter, Space or the right arrow. */
  submenu?: MenuItem[];
  /** Leave the menu open after the choice (e.g. to show a check first); the chooser closes it. */
  keepOpen?: boolean;
  onSelect?: () => void;
}

interface MenuProps {
  /** The menu's accessible name. */
  label: string;
  /** Where the top-left corner goes (viewport coordinates); the menu is kept inside the window. */
  at: { x: number; y: number };
  items: MenuItem[];
  onClose(): void;
}

const MARGIN = 8;

/** What had the focus when the open menu opened (its button): where a dialog opened by an item returns it. */
let opened: HTMLElement | null = null;

/** The control that opened the menu holding `element`, or `element` itself when it is in no menu. */
export function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  return element.closest("[data-ui-menu]") ? opened : element;
}

/**
 * A pop-up menu (role menu/menuitem) in the document's top layer: arrow keys move, Home/End jump,
 * Enter/Space choose, the right arrow opens a submenu and the left arrow closes it; Escape, Tab,
 * a click outside or a resize close it. Focus returns to where it was when the menu opened.
 */
export function Menu({ label, at, items, onClose }: MenuProps) {
  // Read while rendering: by the time this component's effect runs, the list's own effect (a
  // child's runs first) has already moved the focus to the first item.
  const [previous] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    opened = previous;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest?.("[data-ui-menu]")) onClose();
    };
    const onResize = () => onClose();
    document.addEventListener("pointerdown", onPointer, true);
    window.addEventListener("resize", onResize);
    return () => {
      document.removeEventListener("pointerdown", onPointer, true);
      window.removeEventListener("resize", onResize);
      const active = document.activeElement;
      // Only take focus back when it is still in the menu (or lost); a dialog opened by an item keeps it.
      if (!active || active === document.body || active.closest("[data-ui-menu]")) previous?.focus?.();
      if (opened === previous) opened = null;
    };
  }, [onClose, previous]);

  // In the document's top layer, but inside a landmark of its own (named as the menu), so that
  // assistive technology that moves by landmarks finds it (axe: region).
  return createPortal(
    <section aria-label={label}>
      <MenuList label={label} at={at} items={items} onClose={onClose} onBack={onClose} autoFocus />
    </section>,
    // Opened from inside a modal dialog: the menu goes in the dialog, above the inert page.
    previous?.closest("dialog") ?? document.body,
  );
}

interface MenuListProps {
  label: string;
  at: { x: number; y: number };
  items: MenuItem[];
  /** Closes the whole menu. */
  onClose(): void;
  /** Escape / left arrow: the root closes, a submenu goes back to its parent item. */
  onBack(): void;
  autoFocus: boolean;
  /** For a submenu: the left edge of its parent, to flip to when there is no room at the right. */
  flipX?: number;
}

function MenuList({ label, at, items, onClose, onBack, autoFocus, flipX }: MenuListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);
  const [open, setOpen] = useState<{ id: string; at: { x: number; y: number }; flipX: number } | null>(null);
  const [focusSubmenu, setFocusSubmenu] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    let x = at.x;
    if (x + width > window.innerWidth - MARGIN) x = flipX !== undefined ? flipX - width : at.x - width;
    let y = at.y;
    if (y + height > window.innerHeight - MARGIN) y = window.innerHeight - MARGIN - height;
    setPosition({ x: Math.max(MARGIN, x), y: Math.max(MARGIN, y) });
  }, [at, flipX]);

  useEffect(() => {
    if (autoFocus)
      ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [autoFocus]);

  const buttons = () =>
    [...(ref.current?.querySelectorAll<HTMLElement>(':scope > [role="menuitem"]') ?? [])].filter(
      (button) => button.getAttribute("aria-disabled") !== "true",
    );

  /** Up, Down, Home and End move between the items (stepIndex); whether the key was one of them. */
  const move = (key: string) => {
    const list = buttons();
    const next = stepIndex(key, list.indexOf(document.activeElement as HTMLElement), list.length, true);
    if (next === undefined) return false;
    list[next]?.focus();
    return true;
  };

  const openSubmenu = useCallback((item: MenuItem, button: HTMLElement, withFocus: boolean) => {
    const rect = button.getBoundingClientRect();
    setOpen({ id: item.id, at: { x: rect.right - 4, y: rect.top - 6 }, flipX: rect.left + 4 });
    setFocusSubmenu(withFocus);
  }, []);

  const choose = (item: MenuItem, button: HTMLElement, fromKeyboard: boolean) => {
    if (item.disabled) return;
    if (item.submenu) {
      openSubmenu(item, button, fromKeyboard);
      return;
    }
    item.onSelect?.();
    if (!item.keepOpen) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed inside an open submenu are its business.
    if (
      !ref.current?.contains(event.target as Node) ||
      (event.target as HTMLElement).closest("[data-ui-menu]") !== ref.current
    )
      return;
    if (move(event.key)) {
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "Escape":
      case "ArrowLeft":
        if (event.key === "ArrowLeft" && flipX === undefined) break;
        event.preventDefault();
        event.stopPropagation();
        onBack();
        break;
      case "Tab":
        event.preventDefault();
        onClose();
        break;
    }
  };

  return (
    <>
      <div
        ref={ref}
        className={styles.menu}
        role="menu"
        aria-label={label}
        data-ui-menu=""
        style={{ left: position.x, top: position.y }}
        onKeyDown={onKeyDown}
        onContextMenu={(event) => event.preventDefault()}
      >
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            aria-haspopup={item.submenu ? "menu" : undefined}
            aria-expanded={item.submenu ? open?.id === item.id : undefined}
            className={cx(
              styles.item,
              item.danger && styles.itemDanger,
              open?.id === item.id && styles.itemOpen,
            )}
            onClick={(event) => choose(item, event.currentTarget, event.detail === 0)}
            onMouseEnter={(event) => {
              if (item.submenu) openSubmenu(item, event.currentTarget, false);
              else setOpen(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight" && item.submenu) {
                event.preventDefault();
                openSubmenu(item, event.currentTarget, true);
              }
            }}
          >
            <span className={styles.icon} aria-hidden="true">
              {item.checked ? "✓" : item.icon}
            </span>
            <span className={styles.label}>{item.label}</span>
            {item.hint && <span className={styles.hint}>{item.hint}</span>}
            {item.submenu && (
              <span className={styles.caret} aria-hidden="true">
                ›
              </span>
            )}
          </button>
        ))}
      </div>
      {open &&
        (() => {
          const parent = items.find((item) => item.id === open.id);
          if (!parent?.submenu) return null;
          return (
            <MenuList
              key={open.id}
              label={parent.label}
              at={open.at}
              flipX={open.flipX}
              items={parent.submenu}
              onClose={onClose}
              onBack={() => {
                setOpen(null);
                ref.current
                  ?.querySelector<HTMLElement>(`[aria-haspopup="menu"][aria-expanded="true"]`)
                  ?.focus();
              }}
              autoFocus={focusSubmenu}
            />
          );
        })()}
    </>
  );
}
