import type { ClipboardEvent } from "react";

/**
 * A field's `maxLength` cuts a paste that does not fit without a word: this handler of its paste
 * calls `say` when the text pasted will not fit whole, after the field's own change handling (which
 * clears its error), so the words stay.
 */
export function onPasteCut(max: number, say: () => void) {
  return (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const replaced = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    if (field.value.length - replaced + event.clipboardData.getData("text").length > max) setTimeout(say, 0);
  };
}
