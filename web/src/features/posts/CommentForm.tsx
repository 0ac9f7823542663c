import { useEffect, useId } from "react";
import { COMMENT_MAX } from "../../../../contract/posts";
import { commentInput } from "../../../../contract/posts-input";
import { formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import parts from "./ChannelParts.module.css";
import styles from "./CommentForm.module.css";
import { useChannel } from "./context";
import { text } from "./text";

/**
 * The comment box under a thread, a form on the contract's `commentInput`: Enter sends, the text
 * goes once sent, and the cursor stays in the box. `focusKey` changing puts the cursor there (Reply).
 */
export function CommentForm({ postId, focusKey }: { postId: string; focusKey: number }) {
  const { actions } = useChannel();
  const form = useContractForm(commentInput, { defaultValues: { content: "" } });
  const error = form.formState.errors.content?.message ?? formError(form);
  const busy = form.formState.isSubmitting;
  const errorId = useId();

  useEffect(() => {
    if (focusKey > 0) form.setFocus("content");
  }, [focusKey, form]);

  const submit = submitting(form, async ({ content }) => {
    try {
      await actions.comment(postId, content);
      form.reset({ content: "" });
    } finally {
      // After the answer, once the box is writable again.
      setTimeout(() => form.setFocus("content"));
    }
  });

  return (
    <form className={styles.commentForm} onSubmit={(event) => void submit(event)} noValidate>
      <input
        type="text"
        className={parts.commentInput}
        aria-label={text.commentLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={text.commentPlaceholder}
        maxLength={COMMENT_MAX}
        readOnly={busy}
        {...form.register("content", { onChange: () => form.clearErrors() })}
      />
      {error && (
        <p id={errorId} className={parts.fieldError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
