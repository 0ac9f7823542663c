import { type RefObject, useEffect } from "react";
import { FOCUSABLE } from "../../ui/Modal";

/**
 * The keyboard's focus in a windowed list (MessageList): `onFocusedRow` says which row holds it (that
 * row stays mounted wherever the list scrolls), the place is read as the browser scrolled to the
 * focused control, and Tab (or Shift+Tab) coming into the list lands on a control in view.
 */
export function useFocusInList({
  list,
  scroller,
  readPlace,
  keepPlace,
  onFocusedRow,
}: {
  /** The rows' container (each row `data-row` with its id). */
  list: RefObject<HTMLDivElement | null>;
  /** The scrolled viewport. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Reads the reader's place from the screen. */
  readPlace(): void;
  /** Puts the reader's place back on screen. */
  keepPlace(): void;
  onFocusedRow(id: string | null): void;
}): void {
  useEffect(() => {
    const content = list.current;
    if (!content) return;
    /** The way Tab is moving the focus, in the turn its key went down; null for any other focus. */
    let tabbing: "forward" | "backward" | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      tabbing = event.shiftKey ? "backward" : "forward";
      setTimeout(() => {
        tabbing = null;
      });
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (tabbing && !content.contains(event.relatedTarget as Node | null) && tabInView(target, tabbing)) {
        // The control first focused was never the user's: nothing else is told of it.
        event.stopPropagation();
        return;
      }
      // The browser has already scrolled the focused control into view, and the scroll event that
      // would read the new place comes only at the next frame: read it now, or the render below
      // would put the old place back and leave the focus out of sight.
      readPlace();
      onFocusedRow(target.closest<HTMLElement>("[data-row]")?.dataset.row ?? null);
    };
    /**
     * Tab from the channel's tabs (or Shift+Tab from the composer) into the messages lands, in
     * document order, on the first (or last) row mounted, a screen beyond what the reader is
     * looking at: the place is put back and the focus moves to the first (or last) control in
     * view. Only when the browser's choice lies beyond the view that way; a click, a script's
     * focus or a Tab from a point inside the list keeps its own. Answers whether it moved.
     */
    const tabInView = (target: HTMLElement, direction: "forward" | "backward"): boolean => {
      const element = scroller.current;
      if (!element) return false;
      const scrolledTo = element.scrollTop;
      keepPlace();
      const view = element.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      const beyond = direction === "forward" ? box.top < view.top : box.bottom > view.bottom;
      const inView = (node: Element) => {
        const { top, bottom, height } = node.getBoundingClientRect();
        return height > 0 && top >= view.top && bottom <= view.bottom;
      };
      if (beyond) {
        const controls = [...content.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (node) => node.tabIndex >= 0 && inView(node),
        );
        const next = direction === "forward" ? controls[0] : controls.at(-1);
        next?.focus({ preventScroll: true });
        if (next && document.activeElement === next) return true;
      }
      // The browser's choice stands, where it scrolled to.
      element.scrollTop = scrolledTo;
      return false;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!content.contains(event.relatedTarget as Node | null)) onFocusedRow(null);
    };
    document.addEventListener("keydown", onKeyDown, true);
    content.addEventListener("focusin", onFocusIn);
    content.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      content.removeEventListener("focusin", onFocusIn);
      content.removeEventListener("focusout", onFocusOut);
    };
  }, [list, scroller, readPlace, keepPlace, onFocusedRow]);
}
