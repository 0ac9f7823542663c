import { authorName } from "../../../../contract/posts";
import { useChannel } from "./context";
import { dateOf } from "./format";
import { ListState } from "./ListState";
import styles from "./MediaTab.module.css";
import { text } from "./text";

/** The channel's images, newest first; one opens at full size. */
export function MediaTab() {
  const { open } = useChannel();
  return (
    <ListState kind="media" title={text.tabs.media} emptyTitle={text.noMedia}>
      {(posts) => (
        <ul className={styles.mediaGrid}>
          {posts.map((post) =>
            post.attachment ? (
              <li key={post.id}>
                <button
                  type="button"
                  className={styles.mediaItem}
                  aria-label={text.openImage(post.attachment.filename)}
                  title={`${authorName(post.author)} · ${dateOf(post.created_at)}`}
                  onClick={() => post.attachment && open({ kind: "image", attachment: post.attachment })}
                >
                  <img src={post.attachment.url} alt={post.attachment.filename} loading="lazy" />
                </button>
              </li>
            ) : null,
          )}
        </ul>
      )}
    </ListState>
  );
}
