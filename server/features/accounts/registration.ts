import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connect";
import type { Clock } from "../../lib/clock";
import { emailTo, queueMessage } from "../../lib/outbox/queue";
import { registrationAttempt } from "../../lib/outbox/templates";
import { countHit } from "../../lib/rate-limit";
import { AddressTaken } from "./service";

/** At most this many "someone tried to register" messages to one address an hour: the form is no mail cannon. */
const ATTEMPT_NOTICES = { max: 3, windowSeconds: 3600 };

/**
 * Registration that never tells whether an address has an account. A taken address gets the answer
 * a new account gets (the same status and body; the same argon2 work already ran before the insert
 * found the address taken), with an id that belongs to nobody, and the address's owner is told by
 * e-mail instead, where only they read it.
 */
export async function registerWithoutEnumeration(
  context: { db: Db; clock: Clock; linkBase: string },
  email: string,
  register: () => Promise<{ id: string }>,
): Promise<string> {
  try {
    return (await register()).id;
  } catch (error) {
    if (!(error instanceof AddressTaken)) throw error;
  }
  const { db, clock, linkBase } = context;
  const address = email.trim().toLowerCase();
  const { hits } = await countHit(db, clock, `register:taken:${address}`, ATTEMPT_NOTICES);
  if (hits <= ATTEMPT_NOTICES.max) {
    const message = registrationAttempt({
      signInLink: `${linkBase}/signin`,
      resetLink: `${linkBase}/forgot-password`,
    });
    await queueMessage(db, emailTo(address, message));
  }
  return randomUUID();
}
