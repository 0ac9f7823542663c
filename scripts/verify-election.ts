import { ConfigError, loadConfig } from "../server/config";
import { type Database, openConfigured } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/lock";
import {
  parseHead,
  verifyElectionIntegrity,
  type WitnessedHead,
} from "../server/features/elections/verifier";

/**
 * `npm run verify-election -- <election id> [--head <sequence>:<root>]...`: recomputes every seal
 * and tally of the election from its stored ballots, holds the ballots against the voters who
 * took part, checks that each witnessed head (from a receipt or the bulletin board) is on the
 * chain, and reports any difference. Exit code 0 when all agree, 1 otherwise.
 */
const usage = "Usage: npm run verify-election -- <election id> [--head <sequence>:<root>]...";
const args = process.argv.slice(2);
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
  const report = await verifyElectionIntegrity(database.db, electionId, { heads });
  console.log(`Election "${report.title}" (${report.electionId}), ${report.status}`);
  console.log(
    `  ballots: ${report.ballots}, voters' participations: ${report.participations}, seals: ${report.seals}, not yet sealed: ${report.unsealed}, witnessed heads: ${report.heads}`,
  );
  if (report.problems.length === 0) {
    console.log(
      "  OK: every seal and every tally agrees with the stored ballots, the ballots with the voters who took part, and every witnessed head is on the chain.",
    );
  } else {
    console.log(`  ${report.problems.length} difference(s):`);
    for (const problem of report.problems) console.log(`  - ${problem}`);
  }
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
  release();
}
