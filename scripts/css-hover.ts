import { readFileSync } from "node:fs";
import path from "node:path";
import { filesUnder } from "./css-modules";

/**
 * The hover check of `npm run lint`: a `:hover` rule in the web app's styles stands inside an
 * `@media (hover: hover)` block. On a touch screen `:hover` sticks to whatever was last tapped (a
 * tapped tab kept its hover colour over its active one, a tapped message its grey row), so a look
 * for hovering applies only where a device really hovers. What a tap or a key shows (`:active`,
 * `:focus-visible`) stays outside, in rules of its own.
 */

export interface BareHover {
  file: string;
  line: number;
  selector: string;
}

/** Blanks comments and strings, keeping their line breaks so line numbers stay right. */
const blanked = (css: string) =>
  css.replace(/\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (span) =>
    span.replace(/[^\n]/g, " "),
  );

/** `@media (hover: hover)`, alone or with more conditions (`and (pointer: fine)`), never negated. */
const HOVERING = /^@media\b(?![^{]*\bnot\b)[^{]*\(\s*hover\s*:\s*hover\s*\)/i;

/** The rules of one stylesheet whose selector has `:hover` outside an `@media (hover: hover)` block. */
export function bareHovers(file: string, css: string): BareHover[] {
  const text = blanked(css);
  const found: BareHover[] = [];
  // The preludes of the blocks the walk is in (at-rules and rules, nesting included).
  const open: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === ";") start = at + 1;
    else if (char === "}") {
      open.pop();
      start = at + 1;
    } else if (char === "{") {
      const prelude = text.slice(start, at).trim();
      const hover = prelude.startsWith("@") ? -1 : text.slice(start, at).search(/:hover\b/);
      if (hover >= 0 && !open.some((outer) => HOVERING.test(outer)))
        found.push({
          file,
          line: text.slice(0, start + hover).split("\n").length,
          selector: css.slice(start, at).trim().replace(/\s+/g, " "),
        });
      open.push(prelude);
      start = at + 1;
    }
  }
  return found;
}

/** Every `:hover` rule of web/src's stylesheets outside an `@media (hover: hover)` block. */
export function findBareHovers(root: string): BareHover[] {
  return filesUnder(path.join(root, "web/src"), /\.css$/)
    .sort()
    .flatMap((file) => bareHovers(path.relative(root, file), readFileSync(file, "utf8")));
}
