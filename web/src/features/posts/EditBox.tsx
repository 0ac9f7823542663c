import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { messageOf } from "../../ui/messageOf";
import { text } from "./text";

/**
 * Editing a message or a comment in place: Enter saves, Escape cancels. A comment is one line
 * (an input), a message may hold several (Shift+Enter starts a new one).
 */
export function EditBox(props: {
  initial: string;
  label: string;
  maxLength: number;
  /** The message shown when the text is left empty. */
  emptyMessage: string;
  save(content: string): Promise<void>;
  onDone(): void;
  singleLine?: boolean;
}) {
  const { initial, label, maxLength, emptyMessage, onDone, singleLine } = props;
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async () => {
    if (busy) return;
    const content = value.trim();
    if (!content) {
      setError(emptyMessage);
      return;
    }
    if (content === initial) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await props.save(content);
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    } else if (event.key === "Enter" && (singleLine || !event.shiftKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  const common = {
    ref: field,
    "aria-label": label,
    "aria-describedby": hintId,
    "aria-invalid": error ? true : undefined,
    maxLength,
    value,
    readOnly: busy,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(null);
    },
    onKeyDown,
  };

  return (
    <div className={singleLine ? "tc-comment-edit" : "tc-edit"}>
      {singleLine ? (
        <input type="text" className="tc-comment-input" {...common} />
      ) : (
        <textarea
          className="tc-edit-input"
          rows={Math.min(8, Math.max(2, value.split("\n").length))}
          {...common}
        />
      )}
      {error && (
        <p className="tc-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="tc-edit-actions">
        <span id={hintId} className="tc-edit-hint">
          {text.editHint}
        </span>
        <button type="button" className="btn tc-btn-small" onClick={onDone} disabled={busy}>
          {text.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary tc-btn-small"
          onClick={() => void save()}
          disabled={busy}
        >
          {text.save}
        </button>
      </div>
    </div>
  );
}
