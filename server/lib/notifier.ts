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
 * The embedded default: a developer outbox. Each message is written to the server log and kept in
 * the outbox table, where developers read it.
 */
export function outboxNotifier(db: Db, log: FastifyBaseLogger): Notifier {
  return {
    async send(notification) {
      await db.insert(outbox).values({
        recipient: notification.to,
        subject: notification.subject,
        body: notification.text,
      });
      log.info({ outbox: notification }, `outbox: message to ${notification.to}: ${notification.subject}`);
    },
  };
}
