import { authorName } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { AttachmentView } from "./Attachment";
import parts from "./ChannelParts.module.css";
import styles from "./CollectionTab.module.css";
import { useChannel } from "./context";
import { fullTime, shortTime } from "./format";
import { ListState } from "./ListState";
import { RichText } from "./RichText";
import { text } from "./text";

/** Pins (the channel's, set by administrators) or the viewer's bookmarks, newest first. */
export function CollectionTab({ kind }: { kind: "pins" | "bookmarks" }) {
  const { actions, admin, members, jumpTo } = useChannel();
  const pins = kind === "pins";
  return (
    <ListState
      kind={kind}
      title={pins ? text.tabs.pins : text.tabs.bookmarks}
      emptyTitle={pins ? text.noPins : text.noBookmarks}
      emptyBody={pins ? text.noPinsBody : text.noBookmarksBody}
    >
      {(posts) => (
        <ul className={styles.cards}>
          {posts.map((post) => (
            <li key={post.id} className={styles.card}>
              <div className={parts.cardHead}>
                <Avatar name={authorName(post.author)} size={28} />
                <span className={parts.cardAuthor}>{authorName(post.author)}</span>
                <time dateTime={post.created_at} title={fullTime(post.created_at)}>
                  {shortTime(post.created_at)}
                </time>
              </div>
              {post.content && (
                <p className={parts.cardText}>
                  <RichText value={post.content} members={members} />
                </p>
              )}
              {post.attachment && <AttachmentView attachment={post.attachment} />}
              <div className={styles.cardActions}>
                <button type="button" className={parts.linkButton} onClick={() => jumpTo(post)}>
                  {text.jump}
                </button>
                {kind === "pins" && admin && (
                  <button type="button" className={parts.linkButton} onClick={() => actions.togglePin(post)}>
                    {text.unpin}
                  </button>
                )}
                {kind === "bookmarks" && (
                  <button
                    type="button"
                    className={parts.linkButton}
                    onClick={() => actions.toggleBookmark(post)}
                  >
                    {text.unbookmark}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}
