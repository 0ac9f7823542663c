import { endpoint, idParams, typedAnswer } from "./endpoint";
import { SEARCH_MAX, SEARCH_MIN } from "./search-limits";
import { trimmed, z } from "./zod";

/** Organization-wide search: messages and comments of its channels, one's direct messages, file names. */

export { SEARCH_MAX, SEARCH_MIN };
export const SEARCH_PAGE = 20;

export const searchMessages = {
  tooShort: `Type at least ${SEARCH_MIN} characters to search`,
  tooLong: `Search for ${SEARCH_MAX} characters at most`,
  noWords: "Type letters or numbers to search for",
  badCursor: "This page of results is no longer valid. Search again.",
} as const;

/**
 * Text as search compares it: lower case, accents dropped ("Élection" → "election"). The database
 * folds the same way (`search_document` in the migration 0012), so both sides meet.
 */
export function foldForSearch(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

const wordsOf = (value: string) => foldForSearch(value).match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words of a search, folded, each matched as the start of a word ("elec" finds "election"). */
export function searchTerms(q: string): string[] {
  return [...new Set(wordsOf(q))];
}

/** Words in straight or curly double quotes: a phrase. */
const QUOTED = /["\u201c\u201d]([^"\u201c\u201d]*)["\u201c\u201d]/g;

/**
 * What a search asks for: each word found anywhere in the text, and words in quotes found one right
 * after the other ('"café menu"' finds "the Café menu", not "the menu of the café"). Each group is a
 * phrase of one or more of `searchTerms`' words.
 */
export function searchPhrases(q: string): string[][] {
  const phrases: string[][] = [];
  const rest = q.replace(QUOTED, (_quoted, inside: string) => {
    const words = wordsOf(inside);
    if (words.length > 0) phrases.push(words);
    return " ";
  });
  for (const word of searchTerms(rest)) phrases.push([word]);
  return phrases;
}

/**
 * The text cut into pieces, the words that start with a search term marked as matches: the pages
 * show them highlighted as plain text (no markup travels, so nothing in a message can inject any).
 */
export function markMatches(text: string, terms: readonly string[]): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let last = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const folded = foldForSearch(word[0]);
    if (!terms.some((term) => folded.startsWith(term))) continue;
    if (word.index > last) parts.push({ text: text.slice(last, word.index), match: false });
    parts.push({ text: word[0], match: true });
    last = word.index + word[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** A page continues after the last hit shown: its time (to the microsecond) and id. */
const cursorPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z~[0-9a-f-]{36}$/;

export const orgSearchQuery = z.strictObject({
  q: z
    .string()
    .overwrite(trimmed)
    .min(SEARCH_MIN, searchMessages.tooShort)
    .max(SEARCH_MAX, searchMessages.tooLong)
    .refine((q) => searchTerms(q).length > 0, searchMessages.noWords),
  cursor: z.string().regex(cursorPattern, searchMessages.badCursor).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE),
});

/** A piece of an excerpt; `match` pieces are what the search found (shown highlighted). */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  /** A channel message, a comment under one, or a direct message. */
  kind: "message" | "comment" | "direct";
  id: string;
  /** The channel message (for a comment: the one it is under); null for a direct message. */
  post_id: string | null;
  channel: { id: string; name: string } | null;
  /** The other person of a direct conversation. */
  partner: { id: string; full_name: string } | null;
  /** Null when the author's account is gone ('Unknown User'). */
  author: { id: string; full_name: string } | null;
  created_at: string;
  excerpt: ExcerptPart[];
  /** The attachment's name when it matched, with its matching words marked. */
  file_name: ExcerptPart[] | null;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Pass as `cursor` for the next (older) page; null when there is none. */
  next_cursor: string | null;
}

/** Search's endpoint: one page of the organization's matches for one of its members, newest first. */
export const searchEndpoints = {
  search: endpoint({
    method: "GET",
    path: "/api/organizations/:id/search",
    access: "user",
    params: idParams,
    query: orgSearchQuery,
    response: typedAnswer<SearchPage>(),
  }),
};
