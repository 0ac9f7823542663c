import { describe, expect, it } from "vitest";
import type { Post, PostPage } from "../../../../contract/posts";
import {
  asSeen,
  changePost,
  firstUnreadPost,
  placeInList,
  placeInTimeline,
  withComment,
  withOlder,
  withoutPost,
} from "./cache";
import { at, post } from "./posts.fixtures";

const page = (posts: Post[], has_more = false, last_read_at: string | null = null): PostPage => ({
  posts,
  has_more,
  last_read_at,
});
const ids = (data: { posts: Post[] }) => data.posts.map((item) => item.id);

describe("asSeen", () => {
  it("keeps the viewer's own like, bookmark and reactions from an event's neutral copy", () => {
    const known = post("a", 1, {
      user_liked: true,
      is_bookmarked: true,
      reactions: [{ emoji: "👍", count: 1, mine: true, people: [] }],
    });
    const event = post("a", 1, {
      content: "edited",
      likes_count: 3,
      reactions: [{ emoji: "👍", count: 2, mine: false, people: [] }],
    });
    expect(asSeen(known, event, false)).toMatchObject({
      content: "edited",
      likes_count: 3,
      user_liked: true,
      is_bookmarked: true,
      reactions: [{ emoji: "👍", count: 2, mine: true, people: [] }],
    });
    expect(asSeen(known, event, true)).toBe(event);
    expect(asSeen(undefined, event, false)).toBe(event);
  });
});

describe("placeInTimeline", () => {
  const [a, b, c] = [post("a", 1), post("b", 2), post("c", 3)];
  it("adds a new message in time order and replaces one held", () => {
    expect(ids(placeInTimeline(page([a, c]), b))).toEqual(["a", "b", "c"]);
    const edited = post("b", 2, { content: "new" });
    expect(placeInTimeline(page([a, b]), edited).posts[1]).toBe(edited);
  });
  it("leaves out a message older than the loaded range while more exist", () => {
    expect(ids(placeInTimeline(page([b, c], true), a))).toEqual(["b", "c"]);
    expect(ids(placeInTimeline(page([b, c], false), a))).toEqual(["a", "b", "c"]);
  });
});

describe("placeInList", () => {
  const pinned = post("p", 2, { is_pinned: true });
  it("adds a message to the lists it now belongs to, newest first, and takes it out of the others", () => {
    const list = { posts: [post("q", 3, { is_pinned: true }), post("o", 1, { is_pinned: true })] };
    expect(ids(placeInList(list, "pins", pinned))).toEqual(["q", "p", "o"]);
    const unpinned = { ...pinned, is_pinned: false };
    expect(ids(placeInList({ posts: [pinned] }, "pins", unpinned))).toEqual([]);
    expect(placeInList({ posts: [] }, "bookmarks", pinned).posts).toEqual([]);
  });
  it("sorts images to Media and other attachments to Files", () => {
    const attachment = {
      id: "f",
      filename: "a.png",
      url: "/u",
      size: 1,
      content_type: "image/png",
      is_image: true,
    };
    const image = post("i", 1, { attachment });
    expect(ids(placeInList({ posts: [] }, "media", image))).toEqual(["i"]);
    expect(ids(placeInList({ posts: [] }, "files", image))).toEqual([]);
  });
});

describe("timeline changes", () => {
  const [a, b, c, d] = [post("a", 1), post("b", 2), post("c", 3), post("d", 4)];
  it("puts an older page in front, once", () => {
    const held = page([c, d], true);
    expect(withOlder(held, page([a, b, c], false))).toEqual(page([a, b, c, d], false));
  });
  it("changes or takes out a held message, and is the same object when it is not held", () => {
    const held = page([a, b]);
    expect(changePost(held, "b", (item) => ({ ...item, likes_count: 2 })).posts[1]?.likes_count).toBe(2);
    expect(changePost(held, "x", (item) => item)).toBe(held);
    expect(ids(withoutPost(held, "a"))).toEqual(["b"]);
    expect(withoutPost(held, "x")).toBe(held);
  });
  it("finds the first message by someone else since the last read", () => {
    const mine = { id: "me", full_name: "Me" } as Post["author"];
    const other = { id: "o", full_name: "O" } as Post["author"];
    const posts = [
      post("a", 1, { author: other }),
      post("b", 3, { author: mine }),
      post("c", 4, { author: other }),
    ];
    expect(firstUnreadPost(page(posts, false, at(2)), "me")?.id ?? null).toBe("c");
    expect(firstUnreadPost(page(posts, false, null), "me")?.id ?? null).toBe("a");
    expect(firstUnreadPost(page(posts, false, at(5)), "me")?.id ?? null).toBeNull();
  });
  it("adds a comment to a thread once", () => {
    const comment = {
      id: "k",
      post_id: "a",
      content: "hi",
      author: null,
      created_at: at(1),
      edited_at: null,
    };
    const once = withComment({ comments: [] }, comment);
    expect(withComment(once, comment)).toBe(once);
  });
});
