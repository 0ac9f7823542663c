import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Post } from "../../../../contract/posts";
import { LoadFailure, LoadingState } from "../../ui/LoadState";
import { Status } from "../../ui/Status";
import { useChannel, useChannelState } from "./context";
import { dayKey, dayLabel } from "./format";
import { ArrowDownIcon } from "./icons";
import { MessageItem } from "./MessageItem";
import styles from "./MessageList.module.css";
import { text } from "./text";
import { useFocusInList } from "./useFocusInList";
import { covers, offsetsOf, piecesOf, type Range, rangeAt, rowAt } from "./windowing";

/** Within this many pixels of the end, the list follows new messages. */
const BOTTOM_SLACK = 80;
/** Follow-ups of one author within this time are grouped under one name. */
const GROUP_MS = 5 * 60 * 1000;
const HIGHLIGHT_MS = 2500;
/** Room left above the unread divider when a channel opens at it. */
const DIVIDER_MARGIN = 48;
/** Earlier pages loaded, at most, to open at an unread divider further back than the first page. */
const FOLLOW_PAGES = 4;
/** Rows mounted beyond the viewport either side, in pixels; scrolling re-renders once half is used. */
const OVERSCAN = 900;
/** Never more rows mounted than this (about 25 elements each), whatever their size, kept rows included. */
const MAX_ROWS = 90;
/** Rows the window around the viewport may hold: room is left for the two kept outside it (focus, place). */
const WINDOW_ROWS = MAX_ROWS - 2;
/** A row's height before it has been measured: the average of those measured, else this. */
const FIRST_ESTIMATE = 72;

/**
 * What the list holds still while rows mount, unmount and change size: the end (following new
 * messages), a row kept at the same distance from the viewport's top (the reader's place), or a row
 * to bring into view (a jump, the unread divider).
 */
type Place =
  | { kind: "end" }
  | { kind: "row"; id: string; top: number }
  | { kind: "target"; id: string; align: "center" | "start" };

export interface JumpTarget {
  id: string;
  nonce: number;
}

/** A row's top relative to the top of the scrolled viewport. */
function topIn(element: HTMLElement, row: HTMLElement): number {
  return row.getBoundingClientRect().top - element.getBoundingClientRect().top;
}

function grouped(previous: Post | undefined, post: Post): boolean {
  if (!previous?.author || previous.author.id !== post.author?.id) return false;
  if (dayKey(previous.created_at) !== dayKey(post.created_at) || post.forwarded_from) return false;
  return new Date(post.created_at).getTime() - new Date(previous.created_at).getTime() < GROUP_MS;
}

/**
 * The General tab's messages, oldest first, windowed: only the rows near the viewport are mounted
 * (spacers measure out the rest, from heights measured by a ResizeObserver or estimated), so a
 * channel scrolled back through thousands of messages stays light. Earlier pages load when the top
 * comes into view (keeping what the user was reading in place), new messages follow when the user
 * is at the end, and otherwise a "new messages" pill says how many arrived. The row holding the
 * keyboard focus stays mounted wherever the list scrolls.
 */
export function MessageList({ active, target }: { active: boolean; target: JumpTarget | null }) {
  const { channel, me, loadOlder, retry } = useChannel();
  const { timeline, unreadFrom } = useChannelState();
  const { posts, hasMore, status, loadingOlder } = timeline;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const place = useRef<Place>({ kind: "end" });
  /** Measured row heights by message id; the viewport's height as last read. */
  const heights = useRef(new Map<string, number>());
  const viewport = useRef(800);
  /** The rows mounted by the last render. */
  const mounted = useRef<Range>({ start: 0, end: 0 });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** The list as last laid out: its last message and how many. */
  const seen = useRef<{ last?: string; count: number }>({ count: 0 });
  const [unseen, setUnseen] = useState(0);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const indexOf = useMemo(() => new Map(posts.map((post, index) => [post.id, index])), [posts]);
  const estimate = () => {
    let sum = 0;
    for (const height of heights.current.values()) sum += height;
    return heights.current.size ? sum / heights.current.size : FIRST_ESTIMATE;
  };
  const guess = estimate();
  const offsets = offsetsOf(posts.map((post) => heights.current.get(post.id) ?? guess));
  const total = offsets[posts.length] as number;

  /** Where the viewport's top is meant to be, in the list's own coordinates. */
  const wantedTop = (): number => {
    const at = place.current;
    if (at.kind === "end") return total - viewport.current;
    const index = indexOf.get(at.id);
    // The row is gone (deleted): where the list is scrolled now.
    if (index === undefined) return (scroller.current?.scrollTop ?? 0) - (list.current?.offsetTop ?? 0);
    const start = offsets[index] as number;
    if (at.kind === "row") return start - at.top;
    if (at.align === "start") return start - DIVIDER_MARGIN;
    const height = (offsets[index + 1] as number) - start;
    return start - (viewport.current - height) / 2;
  };
  const range = rangeAt(offsets, wantedTop(), viewport.current, OVERSCAN, WINDOW_ROWS);
  mounted.current = range;
  // Kept mounted outside the range: the row holding the focus, and the one the place is measured by.
  const at = place.current;
  const kept = [focused, at.kind === "end" ? null : at.id].flatMap((id) => {
    const index = id === null ? undefined : indexOf.get(id);
    return index === undefined ? [] : [index];
  });
  const pieces = piecesOf(offsets, range, kept);
  const laidOut = useRef({ offsets, posts });
  laidOut.current = { offsets, posts };

  /** Reads the reader's place from the screen: the end, or the first row showing and where it sits. */
  const readPlace = useCallback(() => {
    const element = scroller.current;
    if (!element?.clientHeight) return;
    viewport.current = element.clientHeight;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK) {
      place.current = { kind: "end" };
      return;
    }
    const rows = list.current?.querySelectorAll<HTMLElement>("[data-row]") ?? [];
    for (const row of rows) {
      const top = topIn(element, row);
      if (top + row.offsetHeight > 0 && top < element.clientHeight) {
        place.current = { kind: "row", id: row.dataset.row as string, top };
        return;
      }
    }
    // Scrolled far, over a spacer: the row laid out there (mounted by the next render).
    const { offsets, posts } = laidOut.current;
    const listTop = list.current?.offsetTop ?? 0;
    const index = rowAt(offsets, element.scrollTop - listTop);
    const post = posts[index];
    if (post)
      place.current = {
        kind: "row",
        id: post.id,
        top: listTop + (offsets[index] as number) - element.scrollTop,
      };
  }, []);

  /** Puts the place back on screen after rows mounted, unmounted or changed size. */
  const keepPlace = useCallback(() => {
    const element = scroller.current;
    if (!element?.clientHeight) return;
    const at = place.current;
    if (at.kind === "end") {
      element.scrollTop = element.scrollHeight;
      return;
    }
    const row = element.querySelector<HTMLElement>(`[data-row="${CSS.escape(at.id)}"]`);
    if (!row) return;
    const wanted =
      at.kind === "row"
        ? at.top
        : at.align === "start"
          ? DIVIDER_MARGIN
          : (element.clientHeight - row.offsetHeight) / 2;
    const shift = topIn(element, row) - wanted;
    if (Math.abs(shift) >= 1) element.scrollTop += shift;
  }, []);

  const toBottom = useCallback(() => {
    place.current = { kind: "end" };
    setUnseen(0);
    rerender();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    const content = list.current;
    if (!element || !content) return;
    readPlace();
    if (place.current.kind === "end") setUnseen(0);
    // Re-render once the rows needed (half the overscan) are no longer all mounted.
    const top = element.scrollTop - content.offsetTop;
    if (!covers(mounted.current, rangeAt(offsets, top, element.clientHeight, OVERSCAN / 2, WINDOW_ROWS)))
      rerender();
  };

  // After every render: the place held while rows came and went (before the browser paints).
  useLayoutEffect(() => {
    if (active) keepPlace();
  });

  // Heights as measured; a row that changes size by itself (an image loading, a thread opening, a
  // wider window reflowing its text) would otherwise move what the reader is looking at, and rows
  // that shrank could leave the viewport short of mounted rows: the place is held at once and the
  // rows and spacers are laid out again.
  const sizes = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const row = entry.target as HTMLElement;
        const id = row.dataset.row;
        const height = entry.borderBoxSize?.[0]?.blockSize ?? row.offsetHeight;
        if (!id || !row.isConnected || !height || heights.current.get(id) === height) continue;
        heights.current.set(id, height);
        changed = true;
      }
      if (!changed) return;
      keepPlace();
      rerender();
    });
    sizes.current = observer;
    for (const row of list.current?.querySelectorAll("[data-row]") ?? []) observer.observe(row);
    return () => observer.disconnect();
  }, [keepPlace]);
  const measure = useCallback((row: HTMLElement | null) => {
    if (!row) return;
    sizes.current?.observe(row);
    return () => sizes.current?.unobserve(row);
  }, []);

  // The viewport's own size (a window resized, the composer growing): the place is held.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (!active || !element.clientHeight) return;
      viewport.current = element.clientHeight;
      keepPlace();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, keepPlace]);

  // After each change of the list: follow new ones at the end when the reader was there (or sent
  // them), else count them. Older messages put in front need nothing: the place is a row.
  useLayoutEffect(() => {
    const last = posts.at(-1);
    const previous = seen.current;
    seen.current = { last: last?.id, count: posts.length };
    if (!active || !last || previous.count === 0 || last.id === previous.last) return;
    const fromMe = !!me && last.author?.id === me;
    const index = previous.last ? (indexOf.get(previous.last) ?? -1) : -1;
    if (place.current.kind === "end" || fromMe) toBottom();
    else if (index >= 0) setUnseen((n) => n + (posts.length - 1 - index));
  }, [posts, active, me, toBottom, indexOf]);

  // Opened with unread messages above the fold: start at the unread divider instead of the end.
  // A divider on the oldest message loaded may lie further back (more than a page unread): the page
  // before loads (the sentinel is in view) and the divider moves up; the list follows it while the
  // reader has not moved, for FOLLOW_PAGES pages, then opens at the newest message instead. A divider
  // moving up after the reader moved (useUnreadDivider) leaves their place.
  const following = useRef<{ id: string; pages: number } | "done" | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the divider's place becomes known or moves up
  useLayoutEffect(() => {
    const element = scroller.current;
    const held = following.current;
    if (held === "done" || unreadFrom === undefined || !element || !active) return;
    following.current = "done";
    const index = unreadFrom ? indexOf.get(unreadFrom) : undefined;
    if (!unreadFrom || index === undefined) return;
    if (held) {
      // Still where the list put the divider before the page came? Else the reader has moved.
      const row = element.querySelector<HTMLElement>(`[data-row="${CSS.escape(held.id)}"]`);
      if (!row || Math.abs(topIn(element, row) - DIVIDER_MARGIN) > DIVIDER_MARGIN / 2) return;
    } else {
      const top = (list.current?.offsetTop ?? 0) + (offsets[index] as number);
      if (top >= element.scrollTop) return;
    }
    const pages = held ? held.pages + 1 : 0;
    const furtherBack = index === 0 && hasMore;
    if (furtherBack && pages >= FOLLOW_PAGES) {
      toBottom();
      return;
    }
    place.current = { kind: "target", id: unreadFrom, align: "start" };
    if (furtherBack) following.current = { id: unreadFrom, pages };
    rerender();
  }, [unreadFrom]);

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

  // A search result or a pin's "jump": bring the message into view (mounting it) and mark it for a moment.
  // A layout effect: the row is mounted and scrolled to before any scroll event can read the old place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per jump, not per change of the list
  useLayoutEffect(() => {
    if (!target || !active || !indexOf.has(target.id)) return;
    place.current = { kind: "target", id: target.id, align: "center" };
    rerender();
    setHighlight(target.id);
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [target, active]);

  // Keyboard focus inside a row keeps that row mounted, so focus is never lost to an unmount.
  useFocusInList({ list, scroller, readPlace, keepPlace, onFocusedRow: setFocused });

  return (
    <div className={styles.scrollWrap}>
      <div
        ref={scroller}
        className={styles.scroll}
        onScroll={onScroll}
        role="log"
        // Not live: filled on opening (and with older pages on scrolling up), it would read the
        // whole history out; a new message from someone else is said by useChannelLive (announce).
        aria-live="off"
        aria-label={`# ${channel.name}`}
        aria-busy={loadingOlder || status === "loading"}
      >
        {hasMore ? (
          <Status as="div" ref={sentinel} className={styles.older}>
            {loadingOlder ? text.loadingOlder : ""}
          </Status>
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
          {pieces.map((piece) => {
            if ("gap" in piece)
              return <div key={`gap${piece.gap}`} aria-hidden="true" style={{ height: piece.height }} />;
            const index = piece.row;
            const post = posts[index] as Post;
            const previous = posts[index - 1];
            const newDay = !previous || dayKey(previous.created_at) !== dayKey(post.created_at);
            return (
              <div key={post.id} ref={measure} data-row={post.id} className={styles.row}>
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
              </div>
            );
          })}
        </div>
      </div>
      {unseen > 0 && (
        <button type="button" className={styles.newPill} onClick={() => toBottom()}>
          <ArrowDownIcon size={15} /> {text.newMessages(unseen)}
        </button>
      )}
    </div>
  );
}
