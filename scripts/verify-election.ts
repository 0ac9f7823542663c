import { ConfigError, loadConfig } from "../server/config";
import { type Database, openConfigured } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/lock";
import { bulletinBoard } from "../server/features/elections/bulletin";
import { parseHead, type WitnessedHead } from "../server/features/elections/chain";
import { verifyBulletin } from "../server/features/elections/recount";
import { verifyElectionIntegrity } from "../server/features/elections/verifier";
import { printBoard, printProblems, verifyBoardFile } from "./verify-board";

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
 * `npm run verify-election -- --board <file> [--head <sequence>:<root>]...`: the board's checks
 * alone, from a saved copy of GET /api/elections/<id>/bulletin, with no database (what anyone
 * outside can run: scripts/verify-board.ts, also offered as one file on the board page).
 */
const usage =
  "Usage: npm run verify-election -- <election id> [--head <sequence>:<root>]...\n       npm run verify-election -- --board <bulletin.json> [--head <sequence>:<root>]...";
const args = process.argv.slice(2);

if (args[0] === "--board") {
  await verifyBoardFile(args);
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
