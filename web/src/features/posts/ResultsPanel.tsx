import type { ReactNode } from "react";
import { authorName, type Post } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import parts from "./ChannelParts.module.css";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";
import styles from "./ResultsPanel.module.css";

/**
 * The side panel of found messages (channel search, Mentions): a live summary, a close button and
 * one button per message, showing its author, an optional place, its time and `body(post)`.
 */
export function ResultsPanel<T>({
  label,
  summary,
  closeLabel,
  onClose,
  items,
  postOf,
  where,
  body,
  onOpen,
}: {
  label: string;
  summary: string;
  closeLabel: string;
  onClose(): void;
  items: T[];
  postOf(item: T): Post;
  where?(item: T): string;
  body(item: T): ReactNode;
  onOpen(item: T): void;
}) {
  return (
    <section className={styles.searchPanel} aria-label={label}>
      <header className={styles.searchHead}>
        <p className={styles.searchSummary} role="status">
          {summary}
        </p>
        <button type="button" className={parts.iconButton} aria-label={closeLabel} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {items.length > 0 && (
        <ul className={styles.searchResults}>
          {items.map((item) => {
            const post = postOf(item);
            return (
              <li key={post.id}>
                <button type="button" className={styles.searchResult} onClick={() => onOpen(item)}>
                  <Avatar name={authorName(post.author)} size={28} />
                  <span className={styles.searchResultBody}>
                    <span className={styles.searchResultHead}>
                      <strong>{authorName(post.author)}</strong>
                      {where && <span>{where(item)}</span>}
                      <time dateTime={post.created_at} title={fullTime(post.created_at)}>
                        {shortTime(post.created_at)}
                      </time>
                    </span>
                    <span className={styles.searchResultText}>{body(item)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
