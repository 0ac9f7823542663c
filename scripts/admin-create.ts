import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ADMIN_PASSWORD_MIN, newAdminInput, platformAdminMessages } from "../contract/platform-admin";
import { ConfigError, loadConfig } from "../server/config";
import { type Database, openConfigured } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/lock";
import { createAdmin } from "../server/features/platform-admin/accounts";
import { AppError } from "../server/http/errors";
import { systemClock } from "../server/lib/clock";

const USAGE = `Creates a platform admin account for the admin portal (/admin/signin).

Usage: npm run admin:create [-- --username <name> --full-name "<name>" --password <password>]

Anything not given is asked for (the password without echo). The password must be at least
${ADMIN_PASSWORD_MIN} characters long; ADMIN_PASSWORD in the environment is used when --password is not
given, so it stays out of the shell history. The database is the server's: DATA_DIR (embedded,
default ./data; stop the server first, the embedded database allows one process) or DATABASE_URL.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let args: { username?: string; password?: string; "full-name"?: string; help?: boolean };
try {
  args = parseArgs({
    options: {
      username: { type: "string", short: "u" },
      password: { type: "string", short: "p" },
      "full-name": { type: "string", short: "n" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** Asks one question on the terminal; `hidden` echoes nothing (for passwords). */
function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) fail(`Missing ${question.replace(/:\s*$/, "").toLowerCase()}.\n\n${USAGE}`);
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // Keep the prompt, drop the echo of what is typed.
      const output = rl as unknown as { _writeToOutput(text: string): void };
      output._writeToOutput = (text: string) => {
        if (text.startsWith(question)) process.stdout.write(question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const username = args.username ?? (await ask("Username: "));
const fullName = args["full-name"] ?? (args.username ? "" : await ask("Full name (optional): "));
let password = args.password ?? process.env.ADMIN_PASSWORD;
if (password === undefined) {
  password = await ask(`Password (at least ${ADMIN_PASSWORD_MIN} characters): `, true);
  const again = await ask("Password again: ", true);
  if (again !== password) fail("The two passwords differ; nothing was created.");
}

// Checked before the database is opened, so a bad entry costs nothing.
const input = newAdminInput.safeParse({ username, password, full_name: fullName });
if (!input.success) fail(input.error.issues[0]?.message ?? platformAdminMessages.usernameInvalid);

let database: Database;
let release = () => {};
try {
  ({ database, release } = await openConfigured(loadConfig(), 2));
} catch (error) {
  if (error instanceof DataDirLockedError)
    fail(`${error.message}\nStop the server first, then run npm run admin:create again.`);
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

try {
  await database.migrate();
  const admin = await createAdmin(database.db, systemClock, input.data, "command");
  console.log(`Platform admin "${admin.username}" created. Sign in at /admin/signin.`);
} catch (error) {
  process.exitCode = 1;
  console.error(error instanceof AppError ? error.message : (error as Error).message);
} finally {
  await database.close();
  release();
}
