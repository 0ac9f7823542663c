import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { ChannelSearch, Post } from "../../../contract/posts";
import { searchTerms } from "../../../contract/search";
import type { Db } from "../../db/connect";
import { inList } from "../../db/params";
import { comments, posts } from "../../db/schema";
import type { User } from "../accounts/sessions";
import { searchQuery } from "../search/queries";
import { channelReader } from "./access";
import { loadPosts } from "./queries";

const LIST_LIMIT = 200;
const SEARCH_LIMIT = 50;

/** The tabs of a text channel, each a filter over its messages, newest first. */
export async function channelCollection(
  db: Db,
  user: User,
  channelId: string,
  kind: "pins" | "bookmarks" | "media" | "files",
): Promise<Post[]> {
  await channelReader(db, user, channelId);
  const inChannel = eq(posts.channelId, channelId);
  // Correlated subqueries name the outer table explicitly: Drizzle leaves columns unqualified there.
  const image = sql`exists (select 1 from uploads u where u.id = "posts"."attachment_id" and u.content_type like 'image/%')`;
  const filters = {
    pins: sql`exists (select 1 from pins pn where pn.post_id = "posts"."id")`,
    bookmarks: sql`exists (select 1 from bookmarks b where b.post_id = "posts"."id" and b.user_id = ${user.id})`,
    media: and(isNotNull(posts.attachmentId), image),
    files: and(isNotNull(posts.attachmentId), sql`not ${image}`),
  };
  return loadPosts(db, user.id, and(inChannel, filters[kind]), { order: "newest", limit: LIST_LIMIT });
}

/**
 * The channel's messages whose words, attachment's name or a reply in their thread match the
 * search (with that reply's text), matched as the organization's search matches them (`searchQuery`: accents and case aside, each word as the start
 * of a word, words in quotes as a phrase), newest first.
 */
export async function searchChannel(
  db: Db,
  user: User,
  channelId: string,
  q: string,
): Promise<ChannelSearch> {
  await channelReader(db, user, channelId);
  if (searchTerms(q).length === 0) return { posts: [], replies: {} };
  const query = searchQuery(q);
  // The replies matched once, through the comments' search index (not each message's thread in turn).
  const matches = sql`(search_document("posts"."content") @@ ${query} or exists (select 1 from uploads u
    where u.id = "posts"."attachment_id" and u.kind = 'attachment' and search_document(u.filename) @@ ${query})
    or "posts"."id" in (select c.post_id from comments c where search_document(c.content) @@ ${query}))`;
  const found = await loadPosts(db, user.id, and(eq(posts.channelId, channelId), matches), {
    order: "newest",
    limit: SEARCH_LIMIT,
  });
  // Each message's first matching reply: what the result shows of a message found by its thread.
  const replies = found.length
    ? await db
        .selectDistinctOn([comments.postId], { postId: comments.postId, content: comments.content })
        .from(comments)
        .where(
          and(
            inList(
              comments.postId,
              found.map((post) => post.id),
            ),
            sql`search_document(${comments.content}) @@ ${query}`,
          ),
        )
        .orderBy(comments.postId, comments.createdAt, comments.id)
    : [];
  return { posts: found, replies: Object.fromEntries(replies.map((reply) => [reply.postId, reply.content])) };
}
