import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { findBareHovers } from "./css-hover";
import { filesUnder, findModuleProblems } from "./css-modules";

/**
 * `npm run lint` (and `npm test`): fails on a raw hex colour in the web app's styles outside the token
 * definitions, the `:root` block of web/src/ui/theme.css. Everything else names a token, `var(--…)`.
 * Checked: every `.css` file under web/src, and `style={{…}}` props in `.tsx` files. (Canvas drawing
 * and chart data in `.ts` are not styles and are not checked.) It runs the CSS Modules check
 * (css-modules.ts) and the hover check (css-hover.ts) too.
 */

const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
export const TOKENS_FILE = "web/src/ui/theme.css";

export interface RawColour {
  file: string;
  line: number;
  colour: string;
}

/** Blanks a span of text, keeping its line breaks so line numbers stay right. */
const blank = (text: string) => text.replace(/[^\n]/g, " ");

/** The parts of a file that may not hold a raw colour; the rest is blanked. */
function checkedText(file: string, text: string): string {
  if (file.endsWith(".tsx")) {
    let kept = "";
    let from = 0;
    for (const match of text.matchAll(/style=\{\{[\s\S]*?\}\}/g)) {
      kept += blank(text.slice(from, match.index)) + match[0];
      from = match.index + match[0].length;
    }
    return kept + blank(text.slice(from));
  }
  const css = text.replace(/\/\*[\s\S]*?\*\//g, blank);
  if (file.replaceAll("\\", "/").endsWith(TOKENS_FILE)) return css.replace(/:root\s*\{[^}]*\}/, blank);
  return css;
}

/** The raw hex colours of one file, with their lines. */
export function rawColours(file: string, text: string): RawColour[] {
  const checked = checkedText(file, text);
  return [...checked.matchAll(HEX)].map((match) => ({
    file,
    line: checked.slice(0, match.index).split("\n").length,
    colour: match[0],
  }));
}

/** Every raw hex colour in the web app's styles outside the tokens. */
export function findRawColours(root: string): RawColour[] {
  return filesUnder(path.join(root, "web/src"), /\.(css|tsx)$/).flatMap((file) =>
    rawColours(path.relative(root, file), readFileSync(file, "utf8")),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const found = findRawColours(process.cwd());
  for (const { file, line, colour } of found)
    console.error(`${file}:${line}: raw colour ${colour}: use a token from ${TOKENS_FILE}`);
  const problems = findModuleProblems(process.cwd());
  for (const { file, problem } of problems) console.error(`${file}: ${problem}`);
  const hovers = findBareHovers(process.cwd());
  for (const { file, line, selector } of hovers)
    console.error(`${file}:${line}: ${selector}: a :hover rule goes inside @media (hover: hover)`);
  if (found.length > 0 || problems.length > 0 || hovers.length > 0) {
    console.error(
      `\n${found.length} raw hex colour(s) outside the tokens, ${problems.length} CSS Modules problem(s), ${hovers.length} :hover rule(s) outside @media (hover: hover).`,
    );
    process.exit(1);
  }
  console.log(
    "No raw hex colours outside the tokens; every CSS Module class defined and used; every :hover rule inside @media (hover: hover).",
  );
}
