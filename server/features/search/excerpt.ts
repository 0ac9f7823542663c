import { type ExcerptPart, markMatches } from "../../../contract/search";

/** Longest excerpt of a message, in characters, before it is cut around the first match. */
const EXCERPT = 180;
const BEFORE_MATCH = 50;

/** A message's excerpt: all of a short one; around the first match in a long one, with "…" where cut. */
export function excerpt(text: string, terms: readonly string[]): ExcerptPart[] {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT) return markMatches(flat, terms);
  const first = markMatches(flat, terms).find((part) => part.match);
  const at = first ? flat.indexOf(first.text) : 0;
  let start = Math.max(0, at - BEFORE_MATCH);
  // Start at a word: the space after the cut, unless that would pass the match.
  const space = flat.indexOf(" ", start);
  if (start > 0 && space !== -1 && space < at) start = space + 1;
  let end = Math.min(flat.length, start + EXCERPT);
  const endSpace = flat.lastIndexOf(" ", end);
  if (end < flat.length && endSpace > at) end = endSpace;
  const parts = markMatches(flat.slice(start, end), terms);
  if (start > 0) parts.unshift({ text: "…", match: false });
  if (end < flat.length) parts.push({ text: "…", match: false });
  return parts;
}
