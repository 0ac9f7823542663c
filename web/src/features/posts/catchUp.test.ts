import { describe, expect, it } from "vitest";
import type { Post, PostPage } from "../../../../contract/posts";
import { catchUpPlan, catchUpTimeline, fitLatest, type Timeline } from "./catchUp";
import { at, post } from "./posts.fixtures";

/** What the timeline holds: these messages (and those of the page, as the reducer merges them first). */
function held(posts: Post[], page: PostPage, hasMore = false): Timeline {
  const byId = Object.fromEntries([...posts, ...page.posts].map((p) => [p.id, p]));
  return { byId, timeline: posts.map((p) => p.id), hasMore };
}

const page = (posts: Post[], has_more = false): PostPage => ({ posts, has_more, last_read_at: null });

describe("catchUpPlan", () => {
  const lists = { pins: null, bookmarks: null, media: null, files: null };
  it("loads again from the start when the first load failed", () => {
    expect(catchUpPlan({ status: "error", lists, threads: {} })).toEqual({ reload: true });
  });
  it("reads Pins always, Media and Files once opened, and every open thread; never Bookmarks", () => {
    expect(catchUpPlan({ status: "ready", lists, threads: {} })).toEqual({
      reload: false,
      lists: ["pins"],
      threads: [],
    });
    const opened = { pins: [], bookmarks: ["b"], media: ["m"], files: [] };
    expect(catchUpPlan({ status: "ready", lists: opened, threads: { p1: {}, p2: {} } })).toEqual({
      reload: false,
      lists: ["pins", "media", "files"],
      threads: ["p1", "p2"],
    });
  });
});

describe("catchUpTimeline", () => {
  const [a, b, c, d, e] = [post("a", 1), post("b", 2), post("c", 3), post("d", 4), post("e", 5)];

  it("adds what was sent while the socket was down, after what is held", () => {
    const latest = page([b, c, d, e]);
    expect(catchUpTimeline(held([a, b, c], latest, true), latest)).toEqual({
      timeline: ["a", "b", "c", "d", "e"],
      hasMore: true,
    });
  });

  it("drops what was deleted meanwhile inside the page's span, and keeps older pages", () => {
    const latest = page([b, d]);
    expect(catchUpTimeline(held([a, b, c, d], latest), latest).timeline).toEqual(["a", "b", "d"]);
  });

  it("keeps messages newer than the page (they came by events after it was read)", () => {
    const latest = page([b, c]);
    expect(catchUpTimeline(held([b, c, d], latest), latest).timeline).toEqual(["b", "c", "d"]);
  });

  it("starts again from the page when more came than a page holds (a gap)", () => {
    const latest = page([d, e], true);
    expect(catchUpTimeline(held([a, b], latest), latest)).toEqual({ timeline: ["d", "e"], hasMore: true });
  });

  it("takes the page as it is when nothing was held, or the channel is now empty", () => {
    const latest = page([a, b]);
    expect(catchUpTimeline(held([], latest), latest)).toEqual({ timeline: ["a", "b"], hasMore: false });
    expect(catchUpTimeline(held([a, b], page([])), page([]))).toEqual({ timeline: [], hasMore: false });
  });

  it("orders messages sent at the same instant by id, as the server does", () => {
    const [x, y] = [post("x", 6), post("y", 6)];
    const latest = page([e, y, x]);
    expect(catchUpTimeline(held([e], latest), latest).timeline).toEqual(["e", "x", "y"]);
  });
});

describe("fitLatest", () => {
  const [a, b, c, d] = [post("a", 1), post("b", 2), post("c", 3), post("d", 4)];

  it("is the page itself on the first load", () => {
    const latest = page([a, b], true);
    expect(fitLatest(undefined, latest)).toBe(latest);
  });

  it("fits the latest page into the timeline held, the page's copies winning", () => {
    const edited = { ...c, content: "edited" };
    const latest = { ...page([edited, d]), last_read_at: at(3) };
    const fitted = fitLatest(page([a, b, c], true), latest);
    expect(fitted.posts.map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
    expect(fitted.posts[2]?.content).toBe("edited");
    expect(fitted.has_more).toBe(true);
    expect(fitted.last_read_at).toBe(at(3));
  });
});
