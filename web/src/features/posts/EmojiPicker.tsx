import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { EMOJI_PALETTE } from "../../../../contract/posts";
import { cx } from "../../ui/cx";
import parts from "./ChannelParts.module.css";
import styles from "./EmojiPicker.module.css";
import { SmileIcon } from "./icons";
import { text } from "./text";

/**
 * The emoji button and its palette; Escape (on either) closes the palette, and so does a click or
 * the focus going elsewhere. Escape gives the focus back to the button unless `onEscape` takes it,
 * and so does a pick unless `onPick` moves it (the composer's goes back to its text): it never falls
 * to the page. The composer's inserts into the text; a message's "Add reaction" passes its own
 * choices and words.
 */
export function EmojiPicker({
  open,
  onOpenChange,
  onPick,
  onEscape,
  choices = EMOJI_PALETTE,
  label = text.emoji,
  choiceLabel = text.insertEmoji,
  buttonClass = parts.tool,
  paletteClass = "",
  icon = <SmileIcon size={18} />,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(emoji: string): void;
  onEscape?(): void;
  choices?: readonly string[];
  label?: string;
  choiceLabel?(emoji: string): string;
  buttonClass?: string;
  paletteClass?: string;
  icon?: ReactNode;
}) {
  // The palette closes on a click elsewhere.
  const emojiRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!emojiRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, onOpenChange]);
  // The palette opens on the side its style says, unless it would be cut off there by the list
  // that scrolls it (a message's reactions at the end of the channel): then on the other side.
  // Likewise across: a palette that runs out of the box on one side (a message's tools on a phone
  // sit at its left) is laid along the button's other edge.
  const paletteRef = useRef<HTMLDivElement>(null);
  const [flip, setFlip] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    if (!open) return setFlip(undefined);
    const palette = paletteRef.current;
    const anchor = emojiRef.current;
    if (!palette || !anchor) return;
    const box = palette.getBoundingClientRect();
    const button = anchor.getBoundingClientRect();
    const clip = clippingBox(anchor);
    const gap = 6;
    const roomAbove = button.top - clip.top;
    const roomBelow = clip.bottom - button.bottom;
    const offset = `calc(100% + ${gap}px)`;
    // Cut off on its side: the other side if it fits there, or has more room than this one.
    const fits = (room: number) => box.height + gap <= room;
    const style: CSSProperties = {};
    if (box.bottom > clip.bottom && (fits(roomAbove) || roomAbove > roomBelow))
      Object.assign(style, { top: "auto", bottom: offset });
    else if (box.top < clip.top && (fits(roomBelow) || roomBelow > roomAbove))
      Object.assign(style, { bottom: "auto", top: offset });
    if (box.left < clip.left) Object.assign(style, { right: "auto", left: 0 });
    else if (box.right > clip.right) Object.assign(style, { left: "auto", right: 0 });
    if (Object.keys(style).length > 0) setFlip(style);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and the focus leaving, for the button and its palette together
    <div
      className={styles.emoji}
      ref={emojiRef}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.preventDefault();
        event.stopPropagation();
        onOpenChange(false);
        if (onEscape) onEscape();
        else buttonRef.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !emojiRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass}
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
      >
        {icon}
      </button>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form field set
        <div
          ref={paletteRef}
          className={cx(styles.emojiPalette, paletteClass)}
          style={flip}
          role="group"
          aria-label={label}
        >
          {choices.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className={styles.emojiButton}
              aria-label={choiceLabel(emoji)}
              onClick={() => {
                // To the button first: the pick may close the palette and take this button away.
                buttonRef.current?.focus();
                onPick(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The box that cuts off what overflows `element`: its nearest ancestor that scrolls or clips, else the window. */
function clippingBox(element: HTMLElement): { top: number; bottom: number; left: number; right: number } {
  const screen = { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(at).overflowY)) {
      const box = at.getBoundingClientRect();
      // A scroller wider than the screen (or partly off it) clips at the screen's edge.
      return {
        top: box.top,
        bottom: box.bottom,
        left: Math.max(box.left, 0),
        right: Math.min(box.right, screen.right),
      };
    }
  }
  return screen;
}
