import type { Collection, Post, PostPage } from "../../../../contract/posts";

/*
 * The text channel's reconnect catch-up: events sent while the socket was not listening are lost,
 * so after every (re)subscription the channel reads again what it shows and fits the answers in
 * (useChannelLive.ts: the timeline query's own fetch fits the latest page with `fitLatest`; the
 * plan's lists and threads are invalidated). Pure functions, tested in catchUp.test.ts.
 */

/** Messages in time order, then by id (the server's order). */
export const byTime = (byId: Record<string, Post>) => (a: string, b: string) => {
  const x = byId[a];
  const y = byId[b];
  if (!x || !y) return 0;
  return x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** What the channel shows, as far as the catch-up needs it: lists held (else null), open threads by message. */
export interface Shown {
  status: "loading" | "ready" | "error";
  lists: Record<Collection, unknown>;
  threads: Record<string, unknown>;
}

/** What to read again after a (re)subscription. */
export type CatchUpPlan =
  /** The first load failed (the server was away): load again from the start. */
  | { reload: true }
  /** The latest page, these tab lists and the comments of these open threads. */
  | { reload: false; lists: Collection[]; threads: string[] };

/**
 * The latest page always; Pins always (its badge shows on the tab); Media and Files when they were
 * opened (Bookmarks are this viewer's own, changed only by them); every thread opened.
 */
export function catchUpPlan(shown: Shown): CatchUpPlan {
  if (shown.status === "error") return { reload: true };
  const lists: Collection[] = ["pins"];
  for (const kind of ["media", "files"] as const) if (shown.lists[kind]) lists.push(kind);
  return { reload: false, lists, threads: Object.keys(shown.threads) };
}

/** The General tab: ids into `byId` (which already holds the page's messages), oldest first. */
export interface Timeline {
  byId: Record<string, Post>;
  timeline: string[];
  hasMore: boolean;
}

/**
 * Fits the latest page, read again after a (re)subscription, into the timeline held. When there is
 * a gap between the newest message held and the page (more messages came meanwhile than a page
 * holds), the timeline starts again from the page. Otherwise the page replaces its own time span:
 * messages held in that span that it no longer has were deleted meanwhile; older ones stay, and
 * newer ones came by events after the page was read.
 */
export function catchUpTimeline(held: Timeline, page: PostPage): Pick<Timeline, "timeline" | "hasMore"> {
  const posts = page.posts;
  const oldest = posts[0];
  const newest = held.timeline.at(-1);
  const newestKnown = newest ? held.byId[newest] : undefined;
  if (!oldest || !newestKnown || (page.has_more && oldest.created_at > newestKnown.created_at)) {
    return { timeline: posts.map((post) => post.id), hasMore: page.has_more };
  }
  const inPage = new Set(posts.map((post) => post.id));
  const pageNewest = posts.at(-1) ?? oldest;
  const kept = held.timeline.filter((id) => {
    const post = held.byId[id];
    return (
      inPage.has(id) ||
      (post && (post.created_at < oldest.created_at || post.created_at > pageNewest.created_at))
    );
  });
  const keptSet = new Set(kept);
  const byId = { ...held.byId };
  for (const post of posts) byId[post.id] ??= post;
  const timeline = [...kept, ...posts.map((post) => post.id).filter((id) => !keptSet.has(id))].sort(
    byTime(byId),
  );
  return { timeline, hasMore: held.hasMore };
}

/**
 * The timeline query's answer: the latest page fitted into the timeline held (`catchUpTimeline`),
 * the page's copies of its messages winning; the page as it is on the first load.
 */
export function fitLatest(held: PostPage | undefined, page: PostPage): PostPage {
  if (!held) return page;
  const byId: Record<string, Post> = {};
  for (const post of [...held.posts, ...page.posts]) byId[post.id] = post;
  const { timeline, hasMore } = catchUpTimeline(
    { byId, timeline: held.posts.map((post) => post.id), hasMore: held.has_more },
    page,
  );
  return {
    posts: timeline.map((id) => byId[id]).filter((post): post is Post => !!post),
    has_more: hasMore,
    last_read_at: page.last_read_at,
  };
}
