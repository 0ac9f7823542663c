import { useRef, useState } from "react";

/**
 * Keyboard and screen reader help for a list whose items are moved and removed with buttons (the
 * question builder's questions and candidates): after a move the focus follows the item to its new
 * place (on the same button, or its other move button at an end), after a removal it goes to the
 * item now in that place, the one before, or the list's Add button; and the change is said aloud.
 * Buttons name their action with `data-action` ("up", "down", "remove").
 */
export function useListFocus() {
  const list = useRef<HTMLOListElement>(null);
  const add = useRef<HTMLButtonElement>(null);
  const [said, say] = useState("");
  const focusAt = (index: number, action: string) =>
    requestAnimationFrame(() => {
      const items = list.current?.children;
      const item = items?.[Math.min(index, items.length - 1)];
      const button =
        item?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`) ??
        item?.querySelector<HTMLButtonElement>("[data-action]:not(:disabled)");
      (button ?? add.current)?.focus();
    });
  return {
    list,
    add,
    said,
    moved(name: string, to: number, count: number, action: "up" | "down") {
      say(`${name} moved to place ${to + 1} of ${count}.`);
      focusAt(to, action);
    },
    removed(name: string, index: number) {
      say(`${name} removed.`);
      focusAt(index, "remove");
    },
  };
}
