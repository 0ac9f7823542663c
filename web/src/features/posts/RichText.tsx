import { type ReactNode, useMemo } from "react";
import type { Member } from "../../../../contract/organizations";
import { mentionPattern } from "../../../../contract/posts";
import { markMatches, searchTerms } from "../../../../contract/search";
import styles from "./RichText.module.css";

/** http(s) addresses; trailing punctuation is not part of them. */
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function withMentions(value: string, mentions: RegExp | null, key: string, out: ReactNode[]) {
  if (!mentions) {
    out.push(value);
    return;
  }
  let last = 0;
  mentions.lastIndex = 0;
  for (const match of value.matchAll(mentions)) {
    const start = match.index ?? 0;
    if (start > last) out.push(value.slice(last, start));
    out.push(
      <span key={`${key}-m${start}`} className={styles.mention}>
        {match[0]}
      </span>,
    );
    last = start + match[0].length;
  }
  if (last < value.length) out.push(value.slice(last));
}

/**
 * A message's text as React text nodes (never HTML): markup shows as typed. Web addresses become
 * links that open in a new tab, and "@Full Name" of a member is highlighted.
 */
export function RichText({ value, members }: { value: string; members: Pick<Member, "full_name">[] }) {
  // The server notifies by the same pattern (contract/posts), so what is highlighted is who was told.
  const mentions = useMemo(() => mentionPattern(members.map((m) => m.full_name)), [members]);
  const parts = useMemo(() => {
    const out: ReactNode[] = [];
    let last = 0;
    for (const match of value.matchAll(LINK)) {
      const start = match.index ?? 0;
      const raw = match[0].replace(TRAILING, "");
      const href = safeHref(raw);
      if (!href) continue;
      if (start > last) withMentions(value.slice(last, start), mentions, `t${last}`, out);
      out.push(
        <a key={`l${start}`} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {raw}
        </a>,
      );
      last = start + raw.length;
    }
    if (last < value.length) withMentions(value.slice(last), mentions, `t${last}`, out);
    return out;
  }, [value, mentions]);
  return <>{parts}</>;
}

/** Text with the words a search matched marked (as text nodes), as the search matches them. */
export function Highlighted({ value, query }: { value: string; query: string }) {
  return (
    <>
      {markMatches(value, searchTerms(query)).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string, in order
          <mark key={index} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
