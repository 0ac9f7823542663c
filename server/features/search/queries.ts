import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect";

export interface HitRow {
  kind: "message" | "comment" | "direct";
  id: string;
  post_id: string | null;
  channel_id: string | null;
  channel_name: string | null;
  partner_id: string | null;
  partner_name: string | null;
  author_id: string | null;
  author_name: string | null;
  body: string;
  file_name: string | null;
  /** created_at in UTC to the microsecond: the page's cursor keeps the database's precision. */
  at: string;
}

/** A tsquery of the folded words, each as a prefix (`elec:*`); the words hold only letters and digits. */
export function prefixQuery(terms: string[]): string {
  return terms.map((term) => `${term}:*`).join(" & ");
}

/**
 * The newest matches (before the cursor) the member may read in the organization:
 * - messages of its text channels whose words or attachment's name match, and comments under them:
 *   every member of an organization reads all its channels, private ones too (those are read-only
 *   to members), exactly as `channelReader` (posts/access.ts) lets them;
 * - the member's own direct messages with people who are members of the organization now (the
 *   conversations its chat panel lists).
 * Deleted messages and comments are gone from their tables, so never found. One statement; each
 * branch is found through its GIN index on `search_document(...)`.
 */
export async function findHits(
  db: Db,
  viewerId: string,
  organizationId: string,
  terms: string[],
  page: { cursor?: { at: string; id: string }; limit: number },
): Promise<HitRow[]> {
  const query = sql`to_tsquery('simple', ${prefixQuery(terms)})`;
  const members = sql`select m.user_id from organization_memberships m where m.organization_id = ${organizationId}`;
  const after = page.cursor
    ? sql`where (h.created_at, h.id) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    with matching_posts as (
      select p.id from posts p where search_document(p.content) @@ ${query}
      union
      select p.id from uploads u join posts p on p.attachment_id = u.id
        where u.kind = 'attachment' and search_document(u.filename) @@ ${query}
    ),
    hits as (
      select 'message' as kind, p.id, p.id as post_id, c.id as channel_id, c.name as channel_name,
        null::uuid as partner_id, p.author_id, p.content as body, u.filename as file_name, p.created_at
      from matching_posts mp
        join posts p on p.id = mp.id
        join channels c on c.id = p.channel_id
        left join uploads u on u.id = p.attachment_id
      where p.organization_id = ${organizationId} and c.type = 'text'
      union all
      select 'comment', cm.id, p.id, c.id, c.name, null::uuid, cm.author_id, cm.content, null, cm.created_at
      from comments cm
        join posts p on p.id = cm.post_id
        join channels c on c.id = p.channel_id
      where search_document(cm.content) @@ ${query}
        and p.organization_id = ${organizationId} and c.type = 'text'
      union all
      select 'direct', d.id, null, null, null,
        case when d.sender_id = ${viewerId} then d.recipient_id else d.sender_id end,
        d.sender_id, d.content, null, d.created_at
      from direct_messages d
      where search_document(d.content) @@ ${query}
        and ((d.sender_id = ${viewerId} and d.recipient_id in (${members}))
          or (d.recipient_id = ${viewerId} and d.sender_id in (${members})))
    )
    select h.kind, h.id, h.post_id, h.channel_id, h.channel_name, h.partner_id,
      partner.full_name as partner_name, h.author_id, author.full_name as author_name,
      h.body, h.file_name,
      to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from hits h
      left join users author on author.id = h.author_id
      left join users partner on partner.id = h.partner_id
    ${after}
    order by h.created_at desc, h.id desc
    limit ${page.limit}
  `);
  return (result as unknown as { rows: HitRow[] }).rows;
}
