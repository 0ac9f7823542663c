import type { ExcerptPart, SearchHit } from "../../../../contract/search";
import { Avatar } from "../../ui/Avatar";
import { fullTime, shortTime } from "../posts/format";
import styles from "./HitItem.module.css";
import { text } from "./text";

/** An excerpt as plain text, its matching words marked: no markup from a message is ever read as such. */
export function Marked({ parts }: { parts: ExcerptPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** Where a hit is: the channel, or the direct conversation with the other person. */
export function whereOf(hit: SearchHit): string {
  if (hit.channel) return text.inChannel(hit.channel.name);
  return text.withPerson(hit.partner?.full_name ?? text.unknownUser);
}

/** One result: where, who and when, the excerpt (and the file's name); choosing it opens the message. */
export function HitItem({ hit, onOpen }: { hit: SearchHit; onOpen(hit: SearchHit): void }) {
  const author = hit.author?.full_name ?? text.unknownUser;
  const where = whereOf(hit);
  return (
    <li>
      <button type="button" className={styles.hit} onClick={() => onOpen(hit)}>
        <Avatar name={author} size={32} />
        <span className={styles.hitBody}>
          <span className={styles.hitWhere}>
            {where}
            {hit.kind === "comment" && <span className={styles.hitTag}>{text.comment}</span>}
          </span>
          <span className={styles.hitHead}>
            <strong>{author}</strong>
            <time dateTime={hit.created_at} title={fullTime(hit.created_at)}>
              {shortTime(hit.created_at)}
            </time>
          </span>
          {hit.excerpt.length > 0 && (
            <span className={styles.hitText}>
              <Marked parts={hit.excerpt} />
            </span>
          )}
          {hit.file_name && (
            <span className={styles.hitFile}>
              <span className={styles.hitTag}>{text.file}</span> <Marked parts={hit.file_name} />
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
