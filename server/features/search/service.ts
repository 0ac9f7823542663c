import { markMatches, type SearchHit, type SearchPage, searchTerms } from "../../../contract/search";
import type { Db } from "../../db/connect";
import type { User } from "../accounts/sessions";
import { requireMember } from "../organizations/policy";
import { excerpt } from "./excerpt";
import { findHits, type HitRow } from "./queries";

function present(row: HitRow, terms: string[]): SearchHit {
  return {
    kind: row.kind,
    id: row.id,
    post_id: row.post_id,
    channel: row.channel_id && row.channel_name ? { id: row.channel_id, name: row.channel_name } : null,
    partner: row.partner_id && row.partner_name ? { id: row.partner_id, full_name: row.partner_name } : null,
    author: row.author_id && row.author_name ? { id: row.author_id, full_name: row.author_name } : null,
    created_at: row.at,
    excerpt: excerpt(row.body, terms),
    file_name:
      row.file_name && markMatches(row.file_name, terms).some((part) => part.match)
        ? markMatches(row.file_name, terms)
        : null,
  };
}

/**
 * Searches what the member may read in the organization (see `findHits`), newest first: a member
 * looks for a recent message more often than for the best-worded one, prefix matches rank almost
 * alike, and newest-first pages stay stable while messages arrive. Outsiders get 404.
 */
export async function searchOrganization(
  db: Db,
  user: User,
  organizationId: string,
  input: { q: string; cursor?: string; limit: number },
): Promise<SearchPage> {
  await requireMember(db, user, organizationId);
  const terms = searchTerms(input.q);
  const [at, id] = input.cursor ? input.cursor.split("~") : [];
  const rows = await findHits(db, user.id, organizationId, input.q, {
    cursor: at && id ? { at, id } : undefined,
    limit: input.limit + 1,
  });
  const shown = rows.slice(0, input.limit);
  const last = shown.at(-1);
  return {
    hits: shown.map((row) => present(row, terms)),
    next_cursor: rows.length > input.limit && last ? `${last.at}~${last.id}` : null,
  };
}
