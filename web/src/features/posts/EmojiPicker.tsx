import { useEffect, useRef } from "react";
import { EMOJI_PALETTE } from "../../../../contract/posts";
import { SmileIcon } from "./icons";
import { text } from "./text";

/** The emoji button and its palette; Escape closes the palette, and so does a click elsewhere. */
export function EmojiPicker({
  open,
  onOpenChange,
  onPick,
  onEscape,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(emoji: string): void;
  onEscape(): void;
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
    <div className="tc-emoji" ref={emojiRef}>
      <button
        type="button"
        className="tc-tool"
        aria-label={text.emoji}
        title={text.emoji}
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
      >
        <SmileIcon size={18} />
      </button>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form field set
        <div
          className="tc-emoji-palette"
          role="group"
          aria-label={text.emoji}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              onOpenChange(false);
              onEscape();
            }
          }}
        >
          {EMOJI_PALETTE.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="tc-emoji-button"
              aria-label={text.insertEmoji(emoji)}
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
