import { type ReactNode, useEffect, useRef } from "react";
import { EMOJI_PALETTE } from "../../../../contract/posts";
import { cx } from "../../ui/cx";
import parts from "./ChannelParts.module.css";
import styles from "./EmojiPicker.module.css";
import { SmileIcon } from "./icons";
import { text } from "./text";

/**
 * The emoji button and its palette; Escape closes the palette, and so does a click elsewhere. The
 * composer's inserts into the text; a message's "Add reaction" passes its own choices and words.
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
  onEscape(): void;
  choices?: readonly string[];
  label?: string;
  choiceLabel?(emoji: string): string;
  buttonClass?: string;
  paletteClass?: string;
  icon?: ReactNode;
}) {
  // The palette closes on a click elsewhere.
  const emojiRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!emojiRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, onOpenChange]);
  return (
    <div className={styles.emoji} ref={emojiRef}>
      <button
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
          className={cx(styles.emojiPalette, paletteClass)}
          role="group"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              onOpenChange(false);
              onEscape();
            }
          }}
        >
          {choices.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className={styles.emojiButton}
              aria-label={choiceLabel(emoji)}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
