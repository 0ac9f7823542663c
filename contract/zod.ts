/**
 * zod as every contract schema uses it: a rule that gives no words of its own (a length or size
 * limit, `.max(2000)`, a type, a format) says what it wants in plain words, the same in the server's
 * 400 and under a form's field, where zod's own would say "Too big: expected string to have <=2000
 * characters". A schema's own message always wins.
 */
import { config, z } from "zod";
import { plainWords } from "./zod-words";

// For the server and tests; the web build drops contract/'s top-level calls, and its forms register
// these words themselves (web/src/ui/form/useContractForm.ts).
config({ customError: plainWords });

/**
 * Whitespace and invisible format characters (zero-width spaces, joiners, direction marks) at either
 * end; not the tag characters (U+E0020-E007F), which end a flag emoji (🏴 of Scotland, say).
 */
const INVISIBLE = String.raw`(?:\s|(?![\u{E0020}-\u{E007F}])\p{Cf})+`;
const EDGES = new RegExp(`^${INVISIBLE}|${INVISIBLE}$`, "gu");

/**
 * Text trimmed of what no one sees at its ends: whitespace, and format characters such as a
 * zero-width space or a direction override, so a name or a message of nothing visible is empty
 * (and refused as such), where `.trim()` kept "\u200b" as a name. Every contract text field that
 * trims uses it: `z.string().overwrite(trimmed)`.
 */
export const trimmed = (text: string): string => text.replace(EDGES, "");

/**
 * A UUID as the database writes it: either case is one id, kept in small letters, so an id from a
 * request reads the same in a topic, an event and an answer as the row's (`z.uuid().overwrite(lower)`).
 */
export const lower = (id: string): string => id.toLowerCase();

export { z };
