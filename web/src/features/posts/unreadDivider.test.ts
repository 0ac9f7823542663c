import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Post, PostPage } from "../../../../contract/posts";
import { withOlder } from "./cache";
import { at, post } from "./posts.fixtures";
import { useUnreadDivider } from "./useTimeline";

const page = (posts: Post[], has_more: boolean, last_read_at: string | null): PostPage => ({
  posts,
  has_more,
  last_read_at,
});
/** Messages `from` to `to` by someone else, one a minute. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => post(`m${from + i}`, from + i));

/** The divider of a visit whose first answer is `first`, read again with each page given to rerender. */
const dividerOf = (first: PostPage, onFirst = () => {}) =>
  renderHook(({ held }) => useUnreadDivider(held, "me", onFirst), { initialProps: { held: first } });

describe("the unread divider", () => {
  it("moves up as earlier pages come when the first page is all unread, never down, and goes once the viewer writes", () => {
    const onFirst = vi.fn();
    // Never opened: the first page holds the newest messages, every one unread.
    const first = page(range(31, 59), true, null);
    const hook = dividerOf(first, onFirst);
    expect(hook.result.current.unreadFrom).toBe("m31");
    expect(onFirst).toHaveBeenCalledTimes(1);

    // The server now says read (this visit marked it): the divider keeps what the visit began with.
    const older = withOlder({ ...first, last_read_at: at(59) }, page(range(1, 30), false, null));
    hook.rerender({ held: older });
    expect(hook.result.current.unreadFrom).toBe("m1");

    // A message that comes while the channel is open does not move it.
    hook.rerender({ held: { ...older, posts: [...older.posts, post("m60", 60)] } });
    expect(hook.result.current.unreadFrom).toBe("m1");
    expect(onFirst).toHaveBeenCalledTimes(1);

    act(() => hook.result.current.clear());
    expect(hook.result.current.unreadFrom).toBeNull();
    hook.rerender({ held: withOlder(older, page([post("m0", 0)], false, null)) });
    expect(hook.result.current.unreadFrom).toBeNull();
  });

  it("does not move down when a catch-up replaces the timeline with messages newer than the visit", () => {
    const first = page(range(31, 59), true, at(40));
    const hook = dividerOf(first);
    expect(hook.result.current.unreadFrom).toBe("m41");
    // Away longer than a page: the timeline is replaced by the newest messages, all after the visit began.
    const newest = page(range(60, 90), true, at(59));
    hook.rerender({ held: newest });
    expect(hook.result.current.unreadFrom).toBe("m41");
    // Scrolling back brings the visit's messages again, and the divider's own.
    hook.rerender({ held: withOlder(newest, page(range(20, 59), true, null)) });
    expect(hook.result.current.unreadFrom).toBe("m41");
  });

  it("stays where the viewer stopped reading when that is within the first page", () => {
    const first = page(range(31, 59), true, at(40));
    const hook = dividerOf(first);
    expect(hook.result.current.unreadFrom).toBe("m41");
    hook.rerender({ held: withOlder(first, page(range(1, 30), false, null)) });
    expect(hook.result.current.unreadFrom).toBe("m41");
  });

  it("is none when everything was read, and none appears for messages that come while open", () => {
    const first = page(range(1, 10), false, at(10));
    const hook = dividerOf(first);
    expect(hook.result.current.unreadFrom).toBeNull();
    hook.rerender({ held: { ...first, posts: [...first.posts, post("m11", 11)] } });
    expect(hook.result.current.unreadFrom).toBeNull();
  });
});
