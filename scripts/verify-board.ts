import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Bulletin } from "../contract/bulletin";
import { parseHead, type WitnessedHead } from "../server/features/elections/chain";
import { type BoardCheck, verifyBulletin } from "../server/features/elections/recount";

/**
 * The bulletin board checked from a saved copy alone, with no database: what anyone outside can
 * run. `npm run verify-election -- --board <file> [--head <sequence>:<root>]...` in a checkout, or
 * the same checks as one file the board page offers (`node verify-election.mjs --board <file>`;
 * bundled at build by web/build/verifierFile.ts, nothing else needed but Node). Exit code 0 when
 * all agree, 1 on a difference, 2 when the file cannot be read.
 */
const ran = path.basename(process.argv[1] ?? "");
/** Run as the downloadable file (the bundle's entry), not imported by verify-election.ts. */
const bundled = ran.endsWith(".mjs");
const command = bundled ? `node ${ran}` : "npm run verify-election --";

export function printBoard(check: BoardCheck): void {
  console.log(
    `  bulletin board: ${check.ballots} ballots, ${check.seals} seals, ${check.recounted} questions recounted${check.choicesPublished ? "" : " (answers not yet published: they are recounted once voting closed)"}`,
  );
}

export function printProblems(problems: string[], ok: string): void {
  if (problems.length === 0) {
    console.log(`  OK: ${ok}`);
  } else {
    console.log(`  ${problems.length} difference(s):`);
    for (const problem of problems) console.log(`  - ${problem}`);
  }
  process.exitCode = problems.length === 0 ? 0 : 1;
}

/** `args`: `--board <file>`, then any `--head <sequence>:<root>`. */
export async function verifyBoardFile(args: string[]): Promise<void> {
  const [flag, file, ...rest] = args;
  const heads: WitnessedHead[] = [];
  while (rest.length > 0) {
    const head = rest.shift() === "--head" ? parseHead(rest.shift() ?? "") : null;
    if (!head) return usage();
    heads.push(head);
  }
  if (flag !== "--board" || !file) return usage();
  try {
    const board = JSON.parse(await readFile(file, "utf8")) as Bulletin;
    const check = verifyBulletin(board, heads);
    console.log(
      `Bulletin board of "${board.election.title}" (${board.election.id}), ${board.election.status}`,
    );
    printBoard(check);
    printProblems(
      check.problems,
      `the questions hash to the published definition the chain starts from, every seal rebuilds from its published ballot hashes, as many answers are published as ballots sealed, no question has more answers than voters took part, every published result is what the recount of those answers gives${heads.length ? `, and the ${heads.length === 1 ? "head given is" : `${heads.length} heads given are`} on the chain` : ""}. Which sealed hash holds which answer only each voter can check, with their receipt (the board's "Find your ballot").`,
    );
  } catch (error) {
    console.error(`Cannot read ${file} as a saved bulletin board: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}

function usage(): void {
  console.error(`Usage: ${command} --board <bulletin.json> [--head <sequence>:<root>]...`);
  process.exitCode = 2;
}

if (bundled) await verifyBoardFile(process.argv.slice(2));
