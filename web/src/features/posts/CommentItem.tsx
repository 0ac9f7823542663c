import { useEffect, useRef, useState } from "react";
import { authorName, COMMENT_MAX, type Comment } from "../../../../contract/posts";
import { commentInput } from "../../../../contract/posts-input";
import { Avatar } from "../../ui/Avatar";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cx } from "../../ui/cx";
import { useToast } from "../../ui/Toast";
import parts from "./ChannelParts.module.css";
import styles from "./CommentItem.module.css";
import { useChannel } from "./context";
import { EditBox } from "./EditBox";
import { fullTime, shortTime } from "./format";
import { RichText } from "./RichText";
import { text } from "./text";

/**
 * One comment. Its author may edit it in place (Enter saves, Escape cancels) or delete it; the
 * organization's administrators may delete any. The server holds the same rules.
 */
export function CommentItem({ comment }: { comment: Comment }) {
  const { actions, me, admin, members } = useChannel();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = authorName(comment.author);
  const mine = !!me && comment.author?.id === me;
  // The edit box goes when saved or cancelled: the focus, left nowhere, goes back to Edit.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      const active = document.activeElement;
      if (!active || active === document.body || editButton.current?.closest("li")?.contains(active))
        editButton.current?.focus();
    }
  }, [editing]);

  return (
    <li className={styles.comment} data-comment-id={comment.id}>
      <Avatar name={name} size={26} />
      <div className={styles.commentBody}>
        <div className={styles.commentHead}>
          <span className={styles.commentAuthor}>{name}</span>
          <time dateTime={comment.created_at} title={fullTime(comment.created_at)}>
            {shortTime(comment.created_at)}
          </time>
          {!editing && (mine || admin) && (
            <span className={styles.commentTools}>
              {mine && (
                <button
                  ref={editButton}
                  type="button"
                  className={parts.linkButton}
                  aria-label={`${text.editComment}: ${name}`}
                  onClick={() => setEditing(true)}
                >
                  {text.edit}
                </button>
              )}
              <button
                type="button"
                className={cx(parts.linkButton, styles.linkDanger)}
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
            schema={commentInput}
            save={(content) => actions.editComment(comment.id, content)}
            onDone={() => setEditing(false)}
          />
        ) : (
          <p className={styles.commentText}>
            <RichText value={comment.content} members={members} />
            {comment.edited_at && (
              <span className={parts.msgEdited} title={fullTime(comment.edited_at)}>
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
          onConfirm={() =>
            actions.removeComment(comment.post_id, comment.id).then(() => toast(text.commentDeleted))
          }
          cancelLabel={text.cancel}
          confirmLabel={text.delete}
          busyLabel={text.deleting}
        >
          <p className={parts.dialogText}>{text.deleteCommentConfirm}</p>
          <blockquote className={parts.quote}>
            <strong>{name}</strong>
            <span>{comment.content}</span>
          </blockquote>
        </ConfirmDialog>
      )}
    </li>
  );
}
