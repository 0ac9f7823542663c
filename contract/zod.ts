/**
 * zod as every contract schema uses it: a rule that gives no words of its own (a length or size
 * limit, `.max(2000)`) says what it wants in plain words, the same in the server's 400 and under a
 * form's field, where zod's own would say "Too big: expected string to have <=2000 characters".
 * A schema's own message always wins.
 */
import { z } from "zod";

const count = (value: number | bigint) => value.toLocaleString("en-US");

/** A size rule's words, or undefined for zod's own (an issue no schema in the contract leaves wordless). */
export function plainWords(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== "too_big" && issue.code !== "too_small") return undefined;
  const limit = issue.code === "too_big" ? issue.maximum : issue.minimum;
  if (typeof limit !== "number" && typeof limit !== "bigint") return undefined;
  const most = issue.code === "too_big";
  const bound = most
    ? issue.inclusive
      ? "at most"
      : "less than"
    : issue.inclusive
      ? "at least"
      : "more than";
  switch (issue.origin) {
    case "string":
      if (!most && Number(limit) === 1) return "This field is required";
      return `Must be ${bound} ${count(limit)} characters`;
    case "array":
    case "set":
      return `Must have ${bound} ${count(limit)} ${Number(limit) === 1 ? "item" : "items"}`;
    case "number":
    case "int":
    case "bigint":
      // A number as written (a port is 65535, not 65,535).
      return `Must be ${bound} ${limit}`;
    default:
      return undefined;
  }
}

z.config({ customError: plainWords });

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

export { z };
