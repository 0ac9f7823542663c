import { useEffect, useId, useRef } from "react";
import type { Member } from "../../../../contract/organizations";
import { COMMENT_MAX, postMessages } from "../../../../contract/posts";
import { commentInput } from "../../../../contract/posts-input";
import { useTextOutbox } from "../../api/useTextOutbox";
import { formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { messageOf } from "../../ui/messageOf";
import { onPasteCut } from "../../ui/pasteCut";
import parts from "./ChannelParts.module.css";
import styles from "./CommentForm.module.css";
import { useChannel } from "./context";
import { readDraft, writeDraft } from "./drafts";
import { MentionSuggestions } from "./MentionSuggestions";
import { text } from "./text";
import { useMentionSuggestions } from "./useMentionSuggestions";

/**
 * The comment box under a thread, a form on the contract's `commentInput`: Enter sends and empties
 * the box at once, so the next comment can be written while one is on its way; comments go in the
 * order sent (useOutbox, as a channel's composer). A refused comment, with those sent after it,
 * comes back to the box in front of what was written since, with why; refused after the thread
 * was closed, it waits for the box to open again (useOutbox). The text is the thread's draft until
 * sent, and why a refusal came the outbox's, so the thread's next box has both when the one it came
 * back to closes at once (the thread left as it came). `focusKey` changing puts the cursor
 * there (Reply). "@" suggests the organization's members, as the channel's message box does. A
 * comment that came back unanswered goes again under the id it went with, and leaves the box once
 * the thread shows it (`shown`: written after all), as a direct message does (useTextOutbox).
 */
export function CommentForm({
  postId,
  focusKey,
  shown,
}: {
  postId: string;
  focusKey: number;
  shown: (commentId: string) => boolean;
}) {
  const { actions, me } = useChannel();
  const place = `comment:${postId}`;
  const form = useContractForm(commentInput, {
    defaultValues: { content: readDraft(me, place, COMMENT_MAX) },
  });
  const draft = form.watch("content");
  useEffect(() => writeDraft(me, place, draft, COMMENT_MAX), [me, place, draft]);
  const errorId = useId();

  useEffect(() => {
    if (focusKey > 0) form.setFocus("content");
  }, [focusKey, form]);

  const outbox = useTextOutbox(
    `comment:${me}:${postId}`,
    ({ id, content }) => actions.comment(postId, content, id),
    {
      read: () => form.getValues("content"),
      write: (value) => form.setValue("content", value),
      shown,
    },
  );
  const error =
    form.formState.errors.content?.message ??
    formError(form) ??
    (outbox.refusal ? messageOf(outbox.refusal.failure) : undefined);
  const submit = submitting(form, ({ content }) => {
    form.reset({ content: "" });
    outbox.send(content);
  });

  const mentions = useMentionSuggestions();
  const box = useRef<HTMLInputElement | null>(null);
  const { ref, ...field } = form.register("content", {
    onChange: (event: { target: HTMLInputElement }) => {
      form.clearErrors();
      outbox.settle();
      outbox.edited();
      mentions.follow(event.target.value, event.target.selectionStart);
    },
  });
  const chooseMention = (member: Member) => {
    const input = box.current;
    if (!input) return;
    const chosen = mentions.choose(member, input.value, input.selectionStart);
    form.setValue("content", chosen.value.slice(0, COMMENT_MAX));
    input.setSelectionRange(chosen.caret, chosen.caret);
    input.focus();
  };

  return (
    <form className={styles.commentForm} onSubmit={(event) => void submit(event)} noValidate>
      {mentions.suggesting && <MentionSuggestions {...mentions.list} onChoose={chooseMention} />}
      <input
        type="text"
        ref={(element) => {
          ref(element);
          box.current = element;
        }}
        className={parts.commentInput}
        aria-label={text.commentLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={text.commentPlaceholder}
        maxLength={COMMENT_MAX}
        onPaste={onPasteCut(COMMENT_MAX, () =>
          form.setError("content", { message: postMessages.pasteCut(COMMENT_MAX) }),
        )}
        {...mentions.input}
        {...field}
        onKeyDown={(event) => mentions.onKeyDown(event, chooseMention)}
        onClick={(event) => mentions.follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={(event) => {
          mentions.close();
          return field.onBlur(event);
        }}
      />
      {error && (
        <p id={errorId} className={parts.fieldError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
