import type { Post } from "../../../../contract/posts";
import { cx } from "../../ui/cx";
import parts from "./ChannelParts.module.css";
import { useChannel } from "./context";
import { CommentIcon, HeartIcon } from "./icons";
import styles from "./MessageReactions.module.css";
import { ReactionChips } from "./Reactions";
import { text } from "./text";

/** Under a message: its likes (a button for those who may like), its reactions and its comments count. */
export function MessageReactions({
  post,
  threadOpen,
  onToggleThread,
}: {
  post: Post;
  threadOpen: boolean;
  onToggleThread(): void;
}) {
  const { canComment, actions } = useChannel();
  if (post.likes_count === 0 && post.reactions.length === 0 && post.comments_count === 0) return null;
  return (
    <div className={styles.msgReactions}>
      {post.likes_count > 0 && !canComment && (
        <span className={parts.chip} title={text.likes(post.likes_count)}>
          <HeartIcon size={14} filled={post.user_liked} />
          <span>{post.likes_count}</span>
          <span className="visually-hidden"> {text.likes(post.likes_count)}</span>
        </span>
      )}
      {post.likes_count > 0 && canComment && (
        <button
          type="button"
          className={post.user_liked ? cx(parts.chip, styles.chipOn) : parts.chip}
          aria-pressed={post.user_liked}
          aria-label={`${text.likes(post.likes_count)}. ${post.user_liked ? text.unlike : text.like}`}
          onClick={() => actions.toggleLike(post)}
        >
          <HeartIcon size={14} filled={post.user_liked} />
          <span>{post.likes_count}</span>
        </button>
      )}
      <ReactionChips
        post={post}
        canReact={canComment}
        onToggle={(emoji) => actions.toggleReaction(post, emoji)}
      />
      {post.comments_count > 0 && (
        <button type="button" className={parts.chip} aria-expanded={threadOpen} onClick={onToggleThread}>
          <CommentIcon size={14} />
          <span>{threadOpen ? text.hideComments : text.comments(post.comments_count)}</span>
        </button>
      )}
    </div>
  );
}
