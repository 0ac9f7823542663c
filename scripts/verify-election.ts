import { readFile } from "node:fs/promises";
import type { Bulletin } from "../contract/bulletin";
import { ConfigError, loadConfig } from "../server/config";
import { type Database, openConfigured } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/lock";
import { bulletinBoard } from "../server/features/elections/bulletin";
import { type BoardCheck, verifyBulletin } from "../server/features/elections/recount";
import {
  parseHead,
  verifyElectionIntegrity,
  type WitnessedHead,
} from "../server/features/elections/verifier";

/**
 * `npm run verify-election -- <election id> [--head <sequence>:<root>]...`: recomputes every seal
 * and tally of the election from its stored ballots, holds the ballots against the voters who
 * took part, checks that each witnessed head (from a receipt or the bulletin board) is on the
 * chain and that the questions still hash to the definition fixed when voting opened (the first
 * seal chains from it), then checks the bulletin board as published: the definition hash recomputed
 * from its questions, the chain rebuilt from it and its ballots' answers, and every question
 * recounted with its method, the published seed and roll size, winners and every round compared
 * with the published result. Exit code 0 when all agree, 1 otherwise.
 *
 * `npm run verify-election -- --board <file>`: the board's checks alone, from a saved copy of
 * GET /api/elections/<id>/bulletin, with no database (what anyone outside can run).
 */
const usage =
  "Usage: npm run verify-election -- <election id> [--head <sequence>:<root>]...\n       npm run verify-election -- --board <bulletin.json>";
const args = process.argv.slice(2);

function printBoard(check: BoardCheck): void {
  console.log(
    `  bulletin board: ${check.ballots} ballots, ${check.seals} seals, ${check.recounted} questions recounted${check.choicesPublished ? "" : " (answers not yet published: they are recounted once voting closed)"}`,
  );
}

function printProblems(problems: string[], ok: string): void {
  if (problems.length === 0) {
    console.log(`  OK: ${ok}`);
  } else {
    console.log(`  ${problems.length} difference(s):`);
    for (const problem of problems) console.log(`  - ${problem}`);
  }
  process.exitCode = problems.length === 0 ? 0 : 1;
}

if (args[0] === "--board") {
  const file = args[1];
  if (!file || args.length > 2) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const board = JSON.parse(await readFile(file, "utf8")) as Bulletin;
    const check = verifyBulletin(board);
    console.log(
      `Bulletin board of "${board.election.title}" (${board.election.id}), ${board.election.status}`,
    );
    printBoard(check);
    printProblems(
      check.problems,
      'the questions hash to the published definition the chain starts from, every seal rebuilds from its published ballot hashes, as many answers are published as ballots sealed, and every published result is what the recount of those answers gives. Which sealed hash holds which answer only each voter can check, with their receipt (the board\'s "Find your ballot").',
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  }
} else {
  const electionId = args.shift();
  const heads: WitnessedHead[] = [];
  while (args.length > 0) {
    const flag = args.shift();
    const head = flag === "--head" ? parseHead(args.shift() ?? "") : null;
    if (!head) {
      console.error(usage);
      process.exit(2);
    }
    heads.push(head);
  }
  if (!electionId || !/^[0-9a-f-]{36}$/i.test(electionId)) {
    console.error(usage);
    process.exit(2);
  }

  let database: Database;
  let release = () => {};
  try {
    ({ database, release } = await openConfigured(loadConfig(), 2));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      if (error instanceof DataDirLockedError)
        console.error("Stop the server first: the embedded database allows one process.");
      process.exit(2);
    }
    throw error;
  }

  try {
    const db = database.db;
    const report = await verifyElectionIntegrity(db, electionId, { heads });
    const board = verifyBulletin(await bulletinBoard(db, electionId));
    console.log(`Election "${report.title}" (${report.electionId}), ${report.status}`);
    console.log(
      `  ballots: ${report.ballots}, voters' participations: ${report.participations}, seals: ${report.seals}, not yet sealed: ${report.unsealed}, witnessed heads: ${report.heads}`,
    );
    printBoard(board);
    printProblems(
      [...report.problems, ...board.problems.map((p) => `bulletin board: ${p}`)],
      "every seal and every tally agrees with the stored ballots, the ballots with the voters who took part, every witnessed head is on the chain, and every published result is what the recount of the board gives.",
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  } finally {
    await database.close();
    release();
  }
}
