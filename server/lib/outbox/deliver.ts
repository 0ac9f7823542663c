import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import type { Clock } from "../clock";
import { DeliveryError, type OutgoingMessage, shortReason, type Transports } from "./transport";

export interface RetryPolicy {
  /** Tries in all; a message still failing after the last is recorded as failed. */
  maxAttempts: number;
  /** The wait after the first failure; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /**
   * How long one worker holds a message it is sending, counted from the moment it starts sending
   * that message (the lease is renewed then). Longer than any one send may take (the SMTP timeouts
   * are 15 + 15 + 30 s): a worker that dies mid-send leaves the message to another after this.
   */
  leaseMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 8,
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 120_000,
};

export interface Delivery {
  db: Db;
  clock: Clock;
  transports: Transports;
  log: FastifyBaseLogger;
  policy?: RetryPolicy;
  /** Messages claimed at once, and sent at once among them. */
  batch?: number;
  concurrency?: number;
}

interface Claimed extends OutgoingMessage {
  attempts: number;
  kind: string;
  /** Ran out while it waited: recorded as failed by the claim itself, not sent. */
  expired: boolean;
}

export const EXPIRED = "expired before it could be sent";

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const backoffMs = (policy: RetryPolicy, attempts: number) =>
  Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));

/**
 * Claims what is due: queued messages whose time has come, and messages whose sender's lease ran
 * out (it died mid-send). `FOR UPDATE SKIP LOCKED` gives each row to one claimer across every
 * process; the lease then keeps it theirs after this statement commits. Each claim counts an
 * attempt, so a message that kills its sender every time still ends as failed.
 */
async function claim(db: Db, now: Date, policy: RetryPolicy, batch: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + policy.leaseMs);
  // One statement per tick: what ran out while it waited (a code, a reset link) is recorded as
  // failed in the same update that claims the rest, and is never sent late.
  const expired = sql`o.expires_at is not null and o.expires_at <= ${now}`;
  const result = (await db.execute(sql`
    with due as materialized (
      select id from outbox
      where state in ('queued', 'sending')
        and ((state = 'queued' and next_attempt_at <= ${now}) or (state = 'sending' and lease_until <= ${now}))
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    update outbox o set
      state = case when ${expired} then 'failed' else 'sending' end,
      lease_until = case when ${expired} then null else ${lease}::timestamptz end,
      last_error = case when ${expired} then ${EXPIRED} else o.last_error end,
      body = case when ${expired} then '' else o.body end,
      html = case when ${expired} then null else o.html end,
      attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.channel, o.kind, o.recipient, o.subject, o.sender, o.body, o.html, o.attempts, o.state
  `)) as unknown as {
    rows: Array<{
      id: string;
      channel: "email" | "sms";
      kind: string;
      recipient: string;
      subject: string;
      sender: string | null;
      body: string;
      html: string | null;
      attempts: number;
      state: string;
    }>;
  };
  return result.rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    to: r.recipient,
    subject: r.subject,
    sender: r.sender,
    text: r.body,
    html: r.html,
    attempts: Number(r.attempts),
    expired: r.state === "failed",
  }));
}

/**
 * A provider's reason may quote what it was sent. Every word of the message that could be a secret
 * (six characters or more with a digit, or sixteen or more: a code, a link and its token) is taken out of it before the
 * reason is stored or logged.
 */
export function withoutSecrets(reason: string, message: Pick<OutgoingMessage, "text" | "html">): string {
  let safe = reason;
  const words = `${message.text} ${message.html ?? ""}`.split(/[\s"'<>]+/);
  // A link's token is also taken out alone: a provider may quote a link cut in two.
  const secrets = words.flatMap((word) => [word, ...word.split(/[/?=&#]/)]);
  for (const secret of secrets.sort((a, b) => b.length - a.length)) {
    if ((secret.length >= 6 && /\d/.test(secret)) || secret.length >= 16)
      safe = safe.split(secret).join("[redacted]");
  }
  return safe;
}

export interface DeliveryOutcome {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends one batch of due messages and records each outcome. Only the worker holding a message's
 * current claim may record it (the attempt number is the fence): one whose lease ran out and was
 * taken over changes nothing.
 */
export async function deliverDue(delivery: Delivery): Promise<DeliveryOutcome> {
  const { db, clock, transports, log } = delivery;
  const policy = delivery.policy ?? defaultRetryPolicy;
  const claimed = await claim(db, clock.now(), policy, delivery.batch ?? 100);
  const outcome: DeliveryOutcome = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  // Expired unsent: one line a batch, by kind. Voting that ends withdraws its waiting notices
  // (every voter's at once), which is no fault of the mail server's and no line per voter.
  const expired: Record<string, number> = {};
  for (const message of claimed.filter((m) => m.expired)) {
    outcome.failed++;
    expired[message.kind] = (expired[message.kind] ?? 0) + 1;
  }
  if (outcome.failed > 0) log.info({ expired, reason: EXPIRED }, "outbox: messages not sent");
  const sendOne = async (message: Claimed) => {
    const transport = message.channel === "sms" ? transports.sms : transports.email;
    const fence = sql`id = ${message.id} and state = 'sending' and attempts = ${message.attempts}`;
    // The lease runs from now, when this message's send starts, not from the batch's claim: a batch
    // that waits on a slow server never sends a message whose lease ran out (another may hold it).
    const renewed = (await db.execute(sql`
      update outbox set lease_until = ${new Date(clock.now().getTime() + policy.leaseMs)}
      where ${fence} and lease_until > ${clock.now()} returning id`)) as unknown as { rows: unknown[] };
    if (renewed.rows.length === 0) return;
    let providerId: string | undefined;
    try {
      ({ providerId } = await transport.send(message));
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const raw =
        error instanceof DeliveryError ? error.reason : shortReason(String((error as Error)?.message));
      const reason = withoutSecrets(raw, message);
      const final = permanent || message.attempts >= policy.maxAttempts;
      const fields = {
        outboxId: message.id,
        kind: message.kind,
        via: transport.name,
        attempts: message.attempts,
        reason,
      };
      if (final) {
        const erase = transports.keepContent ? sql`` : sql`, body = '', html = null`;
        await db.execute(sql`
          update outbox set state = 'failed', lease_until = null, last_error = ${reason} ${erase}
          where ${fence}`);
        outcome.failed++;
        log.warn(fields, "outbox: message failed");
      } else {
        const next = new Date(clock.now().getTime() + backoffMs(policy, message.attempts));
        await db.execute(sql`
          update outbox set state = 'queued', lease_until = null, next_attempt_at = ${next}, last_error = ${reason}
          where ${fence}`);
        outcome.retried++;
        log.info({ ...fields, next_attempt_at: next.toISOString() }, "outbox: send failed, will retry");
      }
      return;
    }
    // Sent. If this record fails (the database went away), the row stays "sending" and is sent again
    // once its lease runs out, with the same Message-ID / Idempotency-Key: at least once, never lost.
    const erase = transports.keepContent ? sql`` : sql`, body = '', html = null`;
    await db.execute(sql`
      update outbox set state = 'sent', sent_at = ${clock.now()}, lease_until = null,
        provider_id = ${providerId ?? null}, last_error = null ${erase}
      where ${fence}`);
    outcome.sent++;
    log.debug({ outboxId: message.id, kind: message.kind, via: transport.name }, "outbox: message sent");
  };
  const queue = claimed.filter((m) => !m.expired);
  const senders = Array.from({ length: Math.min(delivery.concurrency ?? 10, queue.length) }, async () => {
    for (let message = queue.shift(); message; message = queue.shift()) await sendOne(message);
  });
  await Promise.all(senders);
  return outcome;
}
