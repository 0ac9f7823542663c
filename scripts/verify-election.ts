import { ConfigError, loadConfig } from "../server/config";
import { type Database, openConfigured } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/lock";
import { verifyElectionIntegrity } from "../server/features/elections/sealing";

/**
 * `npm run verify-election -- <election id>`: recomputes every seal and tally of the election from
 * its stored ballots and reports any difference. Exit code 0 when all agree, 1 otherwise.
 */
const electionId = process.argv[2];
if (!electionId || !/^[0-9a-f-]{36}$/i.test(electionId)) {
  console.error("Usage: npm run verify-election -- <election id>");
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
  const report = await verifyElectionIntegrity(database.db, electionId);
  console.log(`Election "${report.title}" (${report.electionId})`);
  console.log(`  ballots: ${report.ballots}, seals: ${report.seals}, not yet sealed: ${report.unsealed}`);
  if (report.problems.length === 0) {
    console.log("  OK: every seal and every tally agrees with the stored ballots.");
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
