import { type SQL, sql } from "drizzle-orm";
import { searchPhrases } from "../../../contract/search";
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

/**
 * A search as a tsquery: each folded word as a prefix (`elec:*`), all of them required; words in
 * quotes one right after the other (`cafe:* <-> menu:*`). The words hold only letters and digits.
 */
export function searchQuery(q: string): SQL {
  const text = searchPhrases(q)
    .map((phrase) => phrase.map((word) => `${word}:*`).join(" <-> "))
    .join(" & ");
  return sql`to_tsquery('simple', ${text})`;
}

/**
 * The newest matches (before the cursor) the member may read in the organization:
 * - messages of its text channels whose words or attachment's name match, and comments under them:
 *   every member of an organization reads all its channels, private ones too (those are read-only
 *   to members), exactly as `channelReader` (posts/access.ts) lets them;
 * - the member's own direct messages with people who are members of the organization now (the
 *   conversations its chat panel lists).
 * Deleted messages and comments are gone from their tables, so never found. One statement; each
 * branch is found through its GIN index on `search_document(...)`, a message by its file through
 * `posts_attachment_idx`.
 */
export async function findHits(
  db: Db,
  viewerId: string,
  organizationId: string,
  q: string,
  page: { cursor?: { at: string; id: string }; limit: number },
): Promise<HitRow[]> {
  const result = await db.execute(hitsStatement(viewerId, organizationId, q, page));
  return (result as unknown as { rows: HitRow[] }).rows;
}

/** The statement of `findHits` (the benchmark explains it). */
export function hitsStatement(
  viewerId: string,
  organizationId: string,
  q: string,
  page: { cursor?: { at: string; id: string }; limit: number },
): SQL {
  const query = searchQuery(q);
  const members = sql`select m.user_id from organization_memberships m where m.organization_id = ${organizationId}`;
  // Each branch keeps its own newest `limit` (after the cursor): only those are joined and merged.
  const newest = (alias: string) => {
    const after = page.cursor
      ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::uuid)`
      : sql``;
    return sql`${after} order by ${sql.raw(alias)}.created_at desc, ${sql.raw(alias)}.id desc limit ${page.limit}`;
  };
  return sql`
    with hits as (
      (select 'message' as kind, p.id, p.id as post_id, p.channel_id, c.name as channel_name,
        null::uuid as partner_id, p.author_id, p.content as body,
        (select u.filename from uploads u where u.id = p.attachment_id) as file_name, p.created_at
      from posts p join channels c on c.id = p.channel_id and c.type = 'text'
      where search_document(p.content) @@ ${query} and p.organization_id = ${organizationId}
      ${newest("p")})
      union all
      -- Messages found by their file's name only (those whose words match are above).
      (select 'message', p.id, p.id, p.channel_id, c.name, null::uuid, p.author_id, p.content, u.filename, p.created_at
      from uploads u
        join posts p on p.attachment_id = u.id
        join channels c on c.id = p.channel_id and c.type = 'text'
      where u.kind = 'attachment' and search_document(u.filename) @@ ${query}
        and p.organization_id = ${organizationId} and not (search_document(p.content) @@ ${query})
      ${newest("p")})
      union all
      (select 'comment', cm.id, p.id, p.channel_id, c.name, null::uuid, cm.author_id, cm.content, null, cm.created_at
      from comments cm
        join posts p on p.id = cm.post_id
        join channels c on c.id = p.channel_id and c.type = 'text'
      where search_document(cm.content) @@ ${query} and p.organization_id = ${organizationId}
      ${newest("cm")})
      union all
      (select 'direct', d.id, null, null, null,
        case when d.sender_id = ${viewerId} then d.recipient_id else d.sender_id end,
        d.sender_id, d.content, null, d.created_at
      from direct_messages d
      where search_document(d.content) @@ ${query}
        and ((d.sender_id = ${viewerId} and d.recipient_id in (${members}))
          or (d.recipient_id = ${viewerId} and d.sender_id in (${members})))
      ${newest("d")})
    )
    select h.kind, h.id, h.post_id, h.channel_id, h.channel_name, h.partner_id,
      partner.full_name as partner_name, h.author_id, author.full_name as author_name,
      h.body, h.file_name,
      to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from hits h
      left join users author on author.id = h.author_id
      left join users partner on partner.id = h.partner_id
    order by h.created_at desc, h.id desc
    limit ${page.limit}
  `;
}
