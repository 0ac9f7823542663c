import { authorName, postMessages } from "../../../../contract/posts";
import { FileCard } from "./Attachment";
import styles from "./FilesTab.module.css";
import { dateOf } from "./format";
import { ListState } from "./ListState";
import { text } from "./text";

/** The channel's files (attachments that are not images), newest first. */
export function FilesTab() {
  return (
    <ListState kind="files" title={text.tabs.files} emptyTitle={postMessages.noFiles}>
      {(posts) => (
        <ul className={styles.files}>
          {posts.map((post) =>
            post.attachment ? (
              <li key={post.id}>
                <FileCard
                  attachment={post.attachment}
                  note={text.sharedBy(authorName(post.author), dateOf(post.created_at))}
                />
              </li>
            ) : null,
          )}
        </ul>
      )}
    </ListState>
  );
}
