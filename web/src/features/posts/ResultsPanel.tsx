import type { ReactNode } from "react";
import { authorName, type Post } from "../../../../contract/posts";
import { Avatar } from "../../ui/Avatar";
import { fullTime, shortTime } from "./format";
import { CloseIcon } from "./icons";

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
    <section className="tc-search-panel" aria-label={label}>
      <header className="tc-search-head">
        <p className="tc-search-summary" role="status">
          {summary}
        </p>
        <button type="button" className="tc-icon-button" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      </header>
      {items.length > 0 && (
        <ul className="tc-search-results">
          {items.map((item) => {
            const post = postOf(item);
            return (
              <li key={post.id}>
                <button type="button" className="tc-search-result" onClick={() => onOpen(item)}>
                  <Avatar name={authorName(post.author)} size={28} />
                  <span className="tc-search-result-body">
                    <span className="tc-search-result-head">
                      <strong>{authorName(post.author)}</strong>
                      {where && <span>{where(item)}</span>}
                      <time dateTime={post.created_at} title={fullTime(post.created_at)}>
                        {shortTime(post.created_at)}
                      </time>
                    </span>
                    <span className="tc-search-result-text">{body(item)}</span>
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
