import { type KeyboardEvent, useEffect, useId } from "react";
import { postMessages } from "../../../../contract/posts";
import type { commentInput } from "../../../../contract/posts-input";
import { cx } from "../../ui/cx";
import { formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { onPasteCut } from "../../ui/pasteCut";
import parts from "./ChannelParts.module.css";
import styles from "./EditBox.module.css";
import { text } from "./text";

/**
 * Editing a message or a comment in place, a form on the contract's schema of the edit
 * (`editPostInput` or `commentInput`): Enter saves, Escape cancels. A comment is one line (an
 * input), a message may hold several (Shift+Enter starts a new one).
 */
export function EditBox(props: {
  initial: string;
  label: string;
  /** The contract's schema of the edit: `{ content }`, trimmed, not empty, at most `maxLength`. */
  schema: typeof commentInput;
  maxLength: number;
  save(content: string): Promise<void>;
  onDone(): void;
  singleLine?: boolean;
}) {
  const { initial, label, maxLength, onDone, singleLine } = props;
  const form = useContractForm(props.schema, { defaultValues: { content: initial } });
  const error = form.formState.errors.content?.message ?? formError(form);
  const busy = form.formState.isSubmitting;
  const hintId = useId();

  useEffect(() => {
    form.setFocus("content", { shouldSelect: false });
    const element = document.activeElement;
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
      element.setSelectionRange(element.value.length, element.value.length);
  }, [form]);

  const save = submitting(form, async ({ content }) => {
    if (content !== initial) await props.save(content);
    onDone();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    } else if (event.key === "Enter" && (singleLine || !event.shiftKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!busy) void save();
    }
  };

  const common = {
    "aria-label": label,
    "aria-describedby": hintId,
    "aria-invalid": error ? true : undefined,
    maxLength,
    readOnly: busy,
    onKeyDown,
    onPaste: onPasteCut(maxLength, () =>
      form.setError("content", { message: postMessages.pasteCut(maxLength) }),
    ),
    ...form.register("content", { onChange: () => form.clearErrors() }),
  };
  const lines = form.watch("content").split("\n").length;

  return (
    <div className={singleLine ? styles.commentEdit : styles.edit}>
      {singleLine ? (
        <input type="text" className={parts.commentInput} {...common} />
      ) : (
        <textarea className={styles.editInput} rows={Math.min(8, Math.max(2, lines))} {...common} />
      )}
      {error && (
        <p className={parts.fieldError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.editActions}>
        <span id={hintId} className={styles.editHint}>
          {text.editHint}
        </span>
        <button type="button" className={cx("btn", parts.btnSmall)} onClick={onDone} disabled={busy}>
          {text.cancel}
        </button>
        <button
          type="button"
          className={cx("btn", "btn-primary", parts.btnSmall)}
          onClick={() => void save()}
          disabled={busy}
        >
          {text.save}
        </button>
      </div>
    </div>
  );
}
