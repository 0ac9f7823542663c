import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Post } from "../../../contract/posts";
import type { Db } from "../../db/connect";
import { posts } from "../../db/schema";
import type { User } from "../accounts/sessions";
import { channelReader } from "./access";
import { loadPosts } from "./queries";

const LIST_LIMIT = 200;

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

/** Full-text search of the channel's messages (PostgreSQL), best matches first, then newest. */
export async function searchChannel(db: Db, user: User, channelId: string, q: string): Promise<Post[]> {
  await channelReader(db, user, channelId);
  const query = sql`websearch_to_tsquery('simple', ${q})`;
  const ranked = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.channelId, channelId), sql`${posts.searchVector} @@ ${query}`))
    .orderBy(sql`ts_rank(${posts.searchVector}, ${query}) desc`, desc(posts.createdAt))
    .limit(50);
  if (ranked.length === 0) return [];
  const found = await loadPosts(
    db,
    user.id,
    sql`${posts.id} in (${sql.join(
      ranked.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    )})`,
  );
  const order = new Map(ranked.map((r, i) => [r.id, i]));
  return found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
