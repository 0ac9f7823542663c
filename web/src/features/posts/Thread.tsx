import { authorName, type Post } from "../../../../contract/posts";
import { postsEndpoints } from "../../../../contract/posts-endpoints";
import { useEndpointQuery } from "../../api/query";
import { cx } from "../../ui/cx";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import parts from "./ChannelParts.module.css";
import { CommentForm } from "./CommentForm";
import { CommentItem } from "./CommentItem";
import { useChannel } from "./context";
import styles from "./Thread.module.css";
import { text } from "./text";

/**
 * The thread under a message: its comments (a query, read when first opened and kept live by the
 * channel's events) and, for those who may comment, an input where Enter sends. `focusKey`
 * changing puts the cursor in the input (Reply). The notes are a line inside the message, not the
 * kit's screen-sized load state.
 */
export function Thread({ post, focusKey }: { post: Post; focusKey: number }) {
  const { canComment, commentNote } = useChannel();
  const thread = useEndpointQuery(postsEndpoints.comments, { params: { id: post.id } });
  const comments = thread.data?.comments ?? [];

  return (
    <section className={styles.thread} aria-label={`${text.thread}: ${authorName(post.author)}`}>
      {!thread.data && thread.isError ? (
        <p className={cx(styles.threadNote, styles.error)} role="alert">
          {messageOf(thread.error)}{" "}
          <button type="button" className={parts.linkButton} onClick={() => void thread.refetch()}>
            {text.retry}
          </button>
        </p>
      ) : !thread.data ? (
        <Status className={styles.threadNote}>{text.loadingComments}</Status>
      ) : comments.length === 0 ? (
        <p className={styles.threadNote}>{text.noComments}</p>
      ) : null}
      {comments.length > 0 && (
        <ol className={styles.comments}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {canComment ? (
        <CommentForm
          postId={post.id}
          focusKey={focusKey}
          shown={(id) => comments.some((comment) => comment.id === id)}
        />
      ) : (
        <p className={styles.threadNote}>{commentNote}</p>
      )}
    </section>
  );
}
