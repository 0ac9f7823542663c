import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Post } from "../../../../contract/posts";
import { LoadFailure, LoadingState } from "../../ui/LoadState";
import { useChannel, useChannelState } from "./context";
import { dayKey, dayLabel } from "./format";
import { ArrowDownIcon } from "./icons";
import { MessageItem } from "./MessageItem";
import styles from "./MessageList.module.css";
import { text } from "./text";

/** Within this many pixels of the end, the list follows new messages. */
const BOTTOM_SLACK = 80;
/** Follow-ups of one author within this time are grouped under one name. */
const GROUP_MS = 5 * 60 * 1000;
const HIGHLIGHT_MS = 2500;
/** Room left above the unread divider when a channel opens at it. */
const DIVIDER_MARGIN = 48;

export interface JumpTarget {
  id: string;
  nonce: number;
}

function grouped(previous: Post | undefined, post: Post): boolean {
  if (!previous?.author || previous.author.id !== post.author?.id) return false;
  if (dayKey(previous.created_at) !== dayKey(post.created_at) || post.forwarded_from) return false;
  return new Date(post.created_at).getTime() - new Date(previous.created_at).getTime() < GROUP_MS;
}

/**
 * The General tab's messages, oldest first: earlier pages load when the top comes into view
 * (keeping what the user was reading in place), new messages follow when the user is at the
 * end, and otherwise a "new messages" pill says how many arrived.
 */
export function MessageList({ active, target }: { active: boolean; target: JumpTarget | null }) {
  const { channel, me, loadOlder, retry } = useChannel();
  const { timeline, unreadFrom } = useChannelState();
  const { posts, hasMore, status, loadingOlder } = timeline;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const savedTop = useRef<number | null>(null);
  /** The list as last laid out: its first and last message, and where the first one sat. */
  const seen = useRef<{ first?: string; last?: string; count: number; firstTop?: number }>({ count: 0 });
  const [unseen, setUnseen] = useState(0);
  const [highlight, setHighlight] = useState<string | null>(null);

  const toBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "auto" });
    atBottom.current = true;
    setUnseen(0);
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK;
    if (atBottom.current) setUnseen(0);
  };

  /** Where a message's row starts within the scrolled content. */
  const topOf = useCallback((id: string | undefined) => {
    const element = scroller.current;
    if (!element || !id) return undefined;
    const row = element.querySelector<HTMLElement>(`[data-post-id="${id}"]`);
    if (!row) return undefined;
    return row.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
  }, []);

  // After each change of the list: keep the reader's place when older messages came in above,
  // follow new ones at the end when the reader was there (or sent them), else count them.
  useLayoutEffect(() => {
    const element = scroller.current;
    const first = posts[0]?.id;
    const last = posts.at(-1);
    const previous = seen.current;
    if (!element || !active) {
      seen.current = { first, last: last?.id, count: posts.length };
      return;
    }
    if (previous.count === 0 && last) toBottom();
    else {
      if (first !== previous.first && previous.firstTop !== undefined) {
        const now = topOf(previous.first);
        if (now !== undefined) element.scrollTop += now - previous.firstTop;
      }
      if (last && last.id !== previous.last) {
        const fromMe = !!me && last.author?.id === me;
        const index = previous.last ? posts.findIndex((post) => post.id === previous.last) : -1;
        if (atBottom.current || fromMe) toBottom();
        else if (index >= 0) setUnseen((n) => n + (posts.length - 1 - index));
      }
    }
    seen.current = { first, last: last?.id, count: posts.length, firstTop: topOf(first) };
  }, [posts, active, me, toBottom, topOf]);

  // Opened with unread messages above the fold: start at the unread divider instead of the end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the divider's place becomes known
  useLayoutEffect(() => {
    const element = scroller.current;
    const divider = element?.querySelector<HTMLElement>(`.${styles.unreadDivider}`);
    if (!element || !divider || !active) return;
    const top = divider.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
    if (top < element.scrollTop) {
      element.scrollTop = Math.max(0, top - DIVIDER_MARGIN);
      atBottom.current = false;
    }
  }, [unreadFrom]);

  // Leaving the tab keeps the place; coming back restores it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (active) {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      else if (savedTop.current !== null) element.scrollTop = savedTop.current;
      seen.current.firstTop = topOf(seen.current.first);
    }
    return () => {
      savedTop.current = element.scrollTop;
    };
  }, [active, topOf]);

  // Earlier pages: when the sentinel at the top comes near, load and keep the place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer after each page reports the sentinel's state afresh
  useEffect(() => {
    const root = scroller.current;
    const watched = sentinel.current;
    if (!active || !root || !watched || !hasMore || status !== "ready") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
      },
      { root, rootMargin: "300px 0px 0px 0px" },
    );
    observer.observe(watched);
    return () => observer.disconnect();
  }, [active, hasMore, status, posts.length, loadOlder]);

  // A search result or a pin's "jump": bring the message into view and mark it for a moment.
  useEffect(() => {
    if (!target || !active) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-post-id="${target.id}"]`);
    if (!row) return;
    row.scrollIntoView({ block: "center" });
    setHighlight(target.id);
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [target, active]);

  // Content that grows by itself (an image loading, a thread opening, an edit): a reader at the end stays there.
  useEffect(() => {
    const element = scroller.current;
    const content = list.current;
    if (!element || !content || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && active) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [active]);

  return (
    <div className={styles.scrollWrap}>
      <div
        ref={scroller}
        className={styles.scroll}
        onScroll={onScroll}
        role="log"
        aria-label={`# ${channel.name}`}
        aria-busy={loadingOlder || status === "loading"}
      >
        {hasMore ? (
          <div ref={sentinel} className={styles.older} role="status">
            {loadingOlder ? text.loadingOlder : ""}
          </div>
        ) : (
          status === "ready" && (
            <section className={styles.welcome}>
              <span className={styles.welcomeIcon} aria-hidden="true">
                #
              </span>
              <h2>{text.welcomeTitle(channel.name)}</h2>
              <p>
                {text.welcomeBody(channel.name)}
                {channel.description ? ` ${channel.description}` : ""}
              </p>
            </section>
          )
        )}
        {status === "loading" && <LoadingState label={text.loading} />}
        {status === "error" && (
          <LoadFailure
            title={text.loadFailed}
            message={timeline.error ?? ""}
            retryLabel={text.retry}
            onRetry={retry}
          />
        )}
        <div ref={list} className={styles.messages}>
          {posts.map((post, index) => {
            const previous = posts[index - 1];
            const newDay = !previous || dayKey(previous.created_at) !== dayKey(post.created_at);
            return (
              <Fragment key={post.id}>
                {newDay && (
                  <div className={styles.day}>
                    <span>{dayLabel(post.created_at)}</span>
                  </div>
                )}
                {post.id === unreadFrom && (
                  <div className={styles.unreadDivider}>
                    <span>{text.unreadDivider}</span>
                  </div>
                )}
                <MessageItem
                  post={post}
                  compact={!newDay && post.id !== unreadFrom && grouped(previous, post)}
                  highlighted={highlight === post.id}
                />
              </Fragment>
            );
          })}
        </div>
      </div>
      {unseen > 0 && (
        <button type="button" className={styles.newPill} onClick={() => toBottom(true)}>
          <ArrowDownIcon size={15} /> {text.newMessages(unseen)}
        </button>
      )}
    </div>
  );
}
