import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { outbox } from "../db/schema";

export interface Notification {
  to: string;
  subject: string;
  text: string;
}

/** Sends messages to people (e-mail, SMS). Deployments plug in a real transport. */
export interface Notifier {
  send(notification: Notification): Promise<void>;
}

/**
 * The embedded default: a developer outbox. Each message is kept in the outbox table, where
 * developers read it (a demo server shows it to loopback requests). The log says only that a
 * message was stored: its body holds a code or a reset link, and the log is no place for either.
 */
export function outboxNotifier(db: Db, log: FastifyBaseLogger): Notifier {
  return {
    async send(notification) {
      const [row] = await db
        .insert(outbox)
        .values({ recipient: notification.to, subject: notification.subject, body: notification.text })
        .returning({ id: outbox.id });
      log.info({ outboxId: row?.id }, "outbox: message stored");
    },
  };
}
