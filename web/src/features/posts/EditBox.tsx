import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { MESSAGE_MAX, type Post, postMessages } from "../../../../contract/posts";
import { messageOf } from "./api";
import { useChannel } from "./context";
import { text } from "./text";

/** Editing a message in place: Enter saves, Escape cancels. */
export function EditBox({ post, onDone }: { post: Post; onDone(): void }) {
  const { actions } = useChannel();
  const [value, setValue] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async () => {
    if (busy) return;
    const content = value.trim();
    if (!content) {
      setError(postMessages.empty);
      return;
    }
    if (content === post.content) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await actions.edit(post.id, content);
      onDone();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className="tc-edit">
      <textarea
        ref={area}
        className="tc-edit-input"
        aria-label={text.editLabel}
        aria-describedby={hintId}
        maxLength={MESSAGE_MAX}
        rows={Math.min(8, Math.max(2, value.split("\n").length))}
        value={value}
        readOnly={busy}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
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
