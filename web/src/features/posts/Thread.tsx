import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { authorName, COMMENT_MAX, type Comment, type Post, postMessages } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { useChannel } from "./context";
import { EditBox } from "./EditBox";
import { fullTime, shortTime } from "./format";
import { RichText } from "./RichText";
import type { Thread as ThreadState } from "./store";
import { text } from "./text";

/**
 * The thread under a message: its comments (loaded when first opened) and, for those who may
 * comment, an input where Enter sends. `focusKey` changing puts the cursor in the input (Reply).
 */
export function Thread({
  post,
  thread,
  focusKey,
}: {
  post: Post;
  thread: ThreadState | undefined;
  focusKey: number;
}) {
  const { actions, canComment, commentNote } = useChannel();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (focusKey > 0) input.current?.focus();
  }, [focusKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!value.trim()) {
      setError(postMessages.commentEmpty);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await actions.comment(post.id, value.trim());
      setValue("");
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <section className="tc-thread" aria-label={`${text.thread}: ${authorName(post.author)}`}>
      {!thread || thread.status === "loading" ? (
        <p className="tc-thread-note" role="status">
          {text.loadingComments}
        </p>
      ) : thread.status === "error" ? (
        <p className="tc-thread-note tc-error" role="alert">
          {thread.error}{" "}
          <button type="button" className="tc-link-button" onClick={() => actions.openThread(post.id)}>
            {text.retry}
          </button>
        </p>
      ) : thread.comments.length === 0 ? (
        <p className="tc-thread-note">{text.noComments}</p>
      ) : null}
      {thread && thread.comments.length > 0 && (
        <ol className="tc-comments">
          {thread.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {canComment ? (
        <form className="tc-comment-form" onSubmit={(event) => void submit(event)} noValidate>
          <input
            ref={input}
            type="text"
            className="tc-comment-input"
            aria-label={text.commentLabel}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={text.commentPlaceholder}
            maxLength={COMMENT_MAX}
            value={value}
            readOnly={busy}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="tc-field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p className="tc-thread-note">{commentNote}</p>
      )}
    </section>
  );
}

/**
 * One comment. Its author may edit it in place (Enter saves, Escape cancels) or delete it; the
 * organization's administrators may delete any. The server holds the same rules.
 */
function CommentItem({ comment }: { comment: Comment }) {
  const { actions, me, admin, members } = useChannel();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = authorName(comment.author);
  const mine = !!me && comment.author?.id === me;

  const remove = async () => {
    setBusy(true);
    try {
      await actions.removeComment(comment.post_id, comment.id);
      toast(text.commentDeleted);
    } catch (failure) {
      toast(messageOf(failure), "error");
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <li className="tc-comment" data-comment-id={comment.id}>
      <Avatar name={name} size={26} />
      <div className="tc-comment-body">
        <div className="tc-comment-head">
          <span className="tc-comment-author">{name}</span>
          <time dateTime={comment.created_at} title={fullTime(comment.created_at)}>
            {shortTime(comment.created_at)}
          </time>
          {!editing && (mine || admin) && (
            <span className="tc-comment-tools">
              {mine && (
                <button
                  type="button"
                  className="tc-link-button"
                  aria-label={`${text.editComment}: ${name}`}
                  onClick={() => setEditing(true)}
                >
                  {text.edit}
                </button>
              )}
              <button
                type="button"
                className="tc-link-button tc-link-danger"
                aria-label={`${text.deleteComment}: ${name}`}
                onClick={() => setConfirming(true)}
              >
                {text.delete}
              </button>
            </span>
          )}
        </div>
        {editing ? (
          <EditBox
            singleLine
            initial={comment.content}
            label={text.editComment}
            maxLength={COMMENT_MAX}
            emptyMessage={postMessages.commentEmpty}
            save={(content) => actions.editComment(comment.id, content)}
            onDone={() => setEditing(false)}
          />
        ) : (
          <p className="tc-comment-text">
            <RichText value={comment.content} members={members} />
            {comment.edited_at && (
              <span className="tc-msg-edited" title={fullTime(comment.edited_at)}>
                {" "}
                {text.edited}
              </span>
            )}
          </p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={text.deleteComment}
          onClose={() => setConfirming(false)}
          onConfirm={() => void remove()}
          busy={busy}
          cancelLabel={text.cancel}
          confirmLabel={text.delete}
          busyLabel={text.deleting}
        >
          <p className="tc-dialog-text">{text.deleteCommentConfirm}</p>
          <blockquote className="tc-quote">
            <strong>{name}</strong>
            <span>{comment.content}</span>
          </blockquote>
        </ConfirmDialog>
      )}
    </li>
  );
}
