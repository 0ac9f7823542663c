import { type ReactNode, useEffect, useRef } from "react";
import { authorName, type Post } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { Status } from "../../ui/Status";
import parts from "./ChannelParts.module.css";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";
import styles from "./ResultsPanel.module.css";

/**
 * The side panel of found messages (channel search, Mentions): a live summary, a close button and
 * one button per message, showing its author, an optional place, its time and `body(post)`.
 * Escape closes it. With `takeFocus` (opened by a button, not typed into a field) it takes the
 * focus when it opens, as it comes after the whole message list in the page's order. Closed from
 * inside (Escape, its ×), it gives the focus back to what had it when it opened (the button, the
 * search field), never to the page.
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
  takeFocus = false,
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
  takeFocus?: boolean;
}) {
  const panel = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (takeFocus) panel.current?.focus();
  }, [takeFocus]);
  const close = () => {
    opener.current?.focus();
    onClose();
  };
  return (
    <section
      ref={panel}
      className={styles.searchPanel}
      aria-label={label}
      tabIndex={takeFocus ? -1 : undefined}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        close();
      }}
    >
      <header className={styles.searchHead}>
        <Status className={styles.searchSummary}>{summary}</Status>
        <button type="button" className={parts.iconButton} aria-label={closeLabel} onClick={close}>
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
