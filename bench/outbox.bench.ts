import { sql } from "drizzle-orm";
import { ManualClock } from "../server/lib/clock";
import { deliverDue } from "../server/lib/outbox/deliver";
import { emailTo, queueMessages } from "../server/lib/outbox/queue";
import { smtpTransport } from "../server/lib/outbox/smtp";
import { invitation } from "../server/lib/outbox/templates";
import { startTestSmtp } from "../server/lib/outbox/test-fixtures/smtp";
import { developerOutbox, type OutgoingMessage } from "../server/lib/outbox/transport";
import { benchDatabases } from "./databases";

const COUNT = 10_000;
const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

const invitations = (run: string) =>
  Array.from({ length: COUNT }, (_, i) => {
    const to = `voter-${run}-${i}@bench.votespace.local`;
    return emailTo(
      to,
      invitation({
        organization: "Harbour Rowing Club",
        invitedBy: "Ama Mensah",
        link: `https://vote.example.org/invitations/${run}-${i}`,
        expiresAt: new Date("2026-12-01T12:00:00Z"),
        timeZone: "Africa/Accra",
      }),
    );
  });

/**
 * 10,000 invitations to a local SMTP server (smtp-server), two ways, in the same run:
 * - baseline: the request sends them itself (nodemailer, the same pooled transport), so it waits for
 *   the last one; messages/s is the mail path's own speed.
 * - outbox: the request renders and queues them in one transaction and answers; the worker sends them
 *   (claims of 100, 10 in flight, each recorded sent). Its request time is the queueing transaction.
 */
export async function run(): Promise<void> {
  for (const target of await benchDatabases()) {
    const name = target.name;
    const database = await target.open();
    await database.migrate();
    const smtp = await startTestSmtp();

    // Baseline: sending in the request.
    const direct = smtpTransport(smtp.config);
    const baselineMessages = invitations("direct");
    let started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < baselineMessages.length) {
          const { to, letter } = baselineMessages[next++] as (typeof baselineMessages)[number];
          const message: OutgoingMessage = {
            id: crypto.randomUUID(),
            channel: "email",
            to,
            subject: letter.subject,
            sender: letter.sender,
            text: letter.text,
            html: letter.html,
          };
          await direct.send(message);
        }
      }),
    );
    const directSeconds = (performance.now() - started) / 1000;
    direct.close?.();

    // The outbox: the request queues, the worker sends.
    started = performance.now();
    await database.db.transaction((tx) => queueMessages(tx, invitations("outbox")));
    const queueSeconds = (performance.now() - started) / 1000;

    const email = smtpTransport(smtp.config);
    const clock = new ManualClock(new Date(Date.now() + 1000));
    const before = smtp.received.length;
    started = performance.now();
    for (;;) {
      const outcome = await deliverDue({
        db: database.db,
        clock,
        transports: { email, sms: developerOutbox, keepContent: false },
        log: silent,
      });
      if (outcome.claimed === 0) break;
    }
    const sendSeconds = (performance.now() - started) / 1000;
    email.close?.();
    const [counts] = (
      (await database.db.execute(
        sql`select count(*) filter (where state = 'sent')::int as sent from outbox`,
      )) as unknown as {
        rows: Array<{ sent: number }>;
      }
    ).rows;
    const delivered = smtp.received.length - before;

    const rate = (seconds: number) => (COUNT / seconds).toFixed(0).padStart(7);
    console.log(
      [
        `${name}: ${COUNT} invitations to a local SMTP server (smtp-server)`,
        `  baseline, sent in the request   ${rate(directSeconds)} msg/s   the request waits ${(directSeconds * 1000).toFixed(0)} ms`,
        `  outbox, queued in the request    request waits ${(queueSeconds * 1000).toFixed(0)} ms (render + insert, one transaction)`,
        `  outbox, sent by the worker      ${rate(sendSeconds)} msg/s   (${delivered} received, ${counts?.sent} recorded sent)`,
        `  ratio  worker / baseline msg/s   ${(directSeconds / sendSeconds).toFixed(2)}`,
        `  ratio  request time, outbox / baseline   ${(queueSeconds / directSeconds).toFixed(3)}`,
      ].join("\n"),
    );
    await smtp.close();
    await database.close();
    await target.dispose();
  }
}
