/** A LIKE/ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` matched as themselves. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

/** `text` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape, `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
