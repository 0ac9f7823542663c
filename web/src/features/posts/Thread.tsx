import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { authorName, COMMENT_MAX, type Post, postMessages } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { messageOf } from "./api";
import { useChannel } from "./context";
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
  const { actions, canComment, members } = useChannel();
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
            <li key={comment.id} className="tc-comment">
              <Avatar name={authorName(comment.author)} size={26} />
              <div className="tc-comment-body">
                <div className="tc-comment-head">
                  <span className="tc-comment-author">{authorName(comment.author)}</span>
                  <time dateTime={comment.created_at} title={fullTime(comment.created_at)}>
                    {shortTime(comment.created_at)}
                  </time>
                </div>
                <p className="tc-comment-text">
                  <RichText value={comment.content} members={members} />
                </p>
              </div>
            </li>
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
        <p className="tc-thread-note">{text.commentsLocked}</p>
      )}
    </section>
  );
}
