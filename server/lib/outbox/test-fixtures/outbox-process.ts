import { fromPostgres } from "../../../db/postgres";
import { systemClock } from "../../clock";
import { emailTo, queueMessage } from "../queue";
import { smtpTransport } from "../smtp";
import { invitation } from "../templates";
import { developerOutbox } from "../transport";
import { startOutboxWorker } from "../worker";

/**
 * A process of its own on a PostgreSQL database, that a test may kill -9:
 * `queue <address>` commits one message and then waits (never sending it);
 * `work <smtp port>` runs the outbox worker against that SMTP server until it is stopped.
 */
const [mode, argument] = process.argv.slice(2);
const database = fromPostgres(process.env.DATABASE_URL as string, 5);
const quiet = () => {};
const toStderr = (fields: unknown, message: string) =>
  process.stderr.write(`${message} ${JSON.stringify(fields)}\n`);
const log = {
  debug: quiet,
  info: quiet,
  trace: quiet,
  warn: toStderr,
  error: toStderr,
  fatal: toStderr,
} as never;
// The worker's timer does not hold a process open (main.ts's server does): this one waits to be killed.
setInterval(() => {}, 60_000);

if (mode === "queue") {
  const to = argument as string;
  const letter = invitation({
    organization: "Harbour Rowing Club",
    invitedBy: "Ama Mensah",
    link: "https://vote.example.org/invitations/once",
    expiresAt: new Date("2026-12-01T12:00:00Z"),
    timeZone: "UTC",
  });
  await database.db.transaction((tx) => queueMessage(tx, emailTo(to, letter)));
  process.stdout.write("committed\n");
} else if (mode === "work") {
  const email = smtpTransport({
    host: "127.0.0.1",
    port: Number(argument),
    security: "none",
    from: "Votespace <vote@votespace.test>",
  });
  startOutboxWorker({
    db: database.db,
    clock: systemClock,
    transports: { email, sms: developerOutbox, keepContent: false },
    log,
    batch: 20,
  });
  process.stdout.write("working\n");
} else {
  throw new Error(`unknown mode ${mode}`);
}
