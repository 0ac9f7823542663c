import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/connect";
import { outbox, passwordResets } from "../../db/schema";
import { createVoter } from "../../test/factories";
import { type TestApp, testApp } from "../../test/support";
import { ManualClock } from "../clock";
import { closeTransports, configuredTransports } from "./configured";
import { deliverDue, EXPIRED, type RetryPolicy } from "./deliver";
import { emailTo, queueMessage, queueMessages } from "./queue";
import { smtpTransport } from "./smtp";
import { invitation } from "./templates";
import { type SmtpMode, startTestSmtp, type TestSmtp } from "./test-fixtures/smtp";
import { DEMO_MAIL_DOMAIN, developerOutbox, type OutgoingMessage, type Transports } from "./transport";
import { startOutboxWorker } from "./worker";

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await testApp({ ownDatabase: true });
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const policy: RetryPolicy = { maxAttempts: 3, firstDelayMs: 1000, maxDelayMs: 60_000, leaseMs: 120_000 };
const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

/** A clock a little after "now" by the database's clock, so what was just queued is due. */
const clockAfterQueueing = () => new ManualClock(new Date(Date.now() + 1000));

function transportsTo(server: TestSmtp, timeouts = {}): Transports {
  return { email: smtpTransport(server.config, timeouts), sms: developerOutbox, keepContent: false };
}

const letterFor = (to: string) =>
  invitation({
    organization: "Harbour Rowing Club",
    invitedBy: "Ama Mensah",
    link: `https://vote.example.org/invitations/${to}`,
    expiresAt: new Date("2026-12-01T12:00:00Z"),
    timeZone: "Africa/Accra",
  });

async function queued(db: Db, count: number, prefix: string): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `${prefix}-${i}-${Date.now()}@outbox.test`);
  await queueMessages(
    db,
    addresses.map((to) => emailTo(to, letterFor(to))),
  );
  return addresses;
}

const rowsTo = (db: Db, addresses: string[]) =>
  db.select().from(outbox).where(inArray(outbox.recipient, addresses));

describe("the outbox", () => {
  it("is written in the transaction that causes the message, and rolled back with it", async () => {
    const to = `rolled-back-${Date.now()}@outbox.test`;
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMessage(tx, emailTo(to, letterFor(to)));
        throw new Error("the cause fails after queueing");
      }),
    ).rejects.toThrow("the cause fails");
    expect(await rowsTo(t.database.db, [to])).toEqual([]);

    // A password reset: the reset link's row and its message, together.
    const voter = await createVoter(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/password-resets",
      payload: { email: voter.input.email },
    });
    const [message] = await t.outbox.to(voter.input.email);
    expect(message).toMatchObject({ kind: "password_reset", state: "queued" });
    expect(message?.html).toContain("Choose a new password");
    const resets = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, voter.id));
    expect(resets).toHaveLength(1);
  });

  it("is sent once by the worker, and a sent body is erased", async () => {
    const addresses = await queued(t.database.db, 3, "once");
    const delivery = {
      db: t.database.db,
      clock: clockAfterQueueing(),
      transports: transportsTo(smtp),
      log: silent,
      policy,
    };
    const before = smtp.received.length;
    await deliverDue(delivery);
    await deliverDue(delivery);
    const mine = smtp.received.slice(before).filter((m) => addresses.includes(m.to));
    expect(mine.map((m) => m.to).sort()).toEqual([...addresses].sort());
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(3);
    expect(mine[0]?.raw).toContain("Content-Type: text/html");
    // The organization that sends it is named in the From, on the configured address.
    expect(mine[0]?.raw).toMatch(/^From: "?Harbour Rowing Club via Votespace"? <vote@votespace\.test>$/m);
    expect(mine[0]?.raw).toContain("Content-Type: text/plain");
    const rows = await rowsTo(t.database.db, addresses);
    for (const row of rows) {
      expect(row).toMatchObject({ state: "sent", attempts: 1, body: "", html: null, lastError: null });
      expect(mine.map((m) => m.messageId)).toContain(row.providerId);
    }
    await delivery.transports.email.close?.();
  });
});

describe("the demo's people", () => {
  it("get no mail through a configured mail server: theirs stays in the developer outbox, everyone else's goes", async () => {
    const demo = `grace-${Date.now()}@${DEMO_MAIL_DOMAIN}`;
    const [real] = await queued(t.database.db, 1, "real");
    await queueMessage(t.database.db, emailTo(demo, letterFor(demo)));
    const transports = await configuredTransports({
      delivery: { email: { kind: "smtp", ...smtp.config }, sms: { kind: "outbox" } },
      demo: true,
    });
    const delivery = { db: t.database.db, clock: clockAfterQueueing(), transports, log: silent, policy };
    const before = smtp.received.length;
    await deliverDue(delivery);
    await deliverDue(delivery);
    await closeTransports(transports);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([real]);
    const [kept] = await rowsTo(t.database.db, [demo]);
    expect(kept).toMatchObject({ state: "sent", providerId: null });
    expect(kept?.body).toContain("Harbour Rowing Club");
  });
});

describe("a mail server that refuses or does not answer", () => {
  async function refusing(mode: SmtpMode) {
    const server = await startTestSmtp(mode);
    server.refusal = () =>
      mode === "refuse-permanent" ? "5.1.1 No such mailbox here" : "4.3.0 Try again later";
    return server;
  }

  it("records a permanent refusal (5xx) as failed at once, with the server's reason", async () => {
    const server = await refusing("refuse-permanent");
    const [to] = await queued(t.database.db, 1, "refused");
    const transports = transportsTo(server);
    await deliverDue({ db: t.database.db, clock: clockAfterQueueing(), transports, log: silent, policy });
    const [row] = await rowsTo(t.database.db, [to as string]);
    expect(row).toMatchObject({ state: "failed", attempts: 1, body: "" });
    expect(row?.lastError).toContain("550 5.1.1 No such mailbox here");
    await transports.email.close?.();
    await server.close();
  });

  it("retries a transient refusal (4xx) with a doubling wait, then records the failure", async () => {
    const server = await refusing("refuse-transient");
    const [to] = await queued(t.database.db, 1, "transient");
    const clock = clockAfterQueueing();
    const transports = transportsTo(server);
    const delivery = { db: t.database.db, clock, transports, log: silent, policy };
    const row = async () => (await rowsTo(t.database.db, [to as string]))[0];

    await deliverDue(delivery);
    expect(await row()).toMatchObject({ state: "queued", attempts: 1 });
    expect((await row())?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 1000);
    expect((await row())?.lastError).toContain("451 4.3.0 Try again later");
    await deliverDue(delivery); // not due yet: nothing is tried
    expect(await row()).toMatchObject({ state: "queued", attempts: 1 });

    clock.advance(1000);
    await deliverDue(delivery);
    expect(await row()).toMatchObject({ state: "queued", attempts: 2 });
    expect((await row())?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2000);

    clock.advance(2000);
    await deliverDue(delivery);
    expect(await row()).toMatchObject({ state: "failed", attempts: 3, body: "" });
    expect((await row())?.lastError).toContain("451");
    expect(server.received).toEqual([]);
    await transports.email.close?.();
    await server.close();
  });

  it("counts a server that never answers as a transient failure", async () => {
    const server = await startTestSmtp("hang");
    const [to] = await queued(t.database.db, 1, "silent-server");
    const transports = transportsTo(server, {
      socketTimeout: 500,
      greetingTimeout: 500,
      connectionTimeout: 500,
    });
    await deliverDue({ db: t.database.db, clock: clockAfterQueueing(), transports, log: silent, policy });
    const [row] = await rowsTo(t.database.db, [to as string]);
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row?.lastError).toMatch(/timeout/i);
    await transports.email.close?.();
    await server.close();
  });

  it("never sends what ran out while it waited (a code, a reset link): it is recorded as failed", async () => {
    const to = `expired-${Date.now()}@outbox.test`;
    await queueMessage(t.database.db, {
      ...emailTo(to, letterFor(to)),
      expiresAt: new Date(Date.now() + 5000),
    });
    const sent: string[] = [];
    const transports = recording(sent);
    const clock = new ManualClock(new Date(Date.now() + 60_000));
    await deliverDue({ db: t.database.db, clock, transports, log: silent, policy });
    expect(sent).not.toContain(to);
    const [row] = await rowsTo(t.database.db, [to]);
    expect(row).toMatchObject({ state: "failed", lastError: EXPIRED, body: "" });
  });

  it("starts a message's lease when its own send starts: a batch held up on a slow server never sends a message another worker may hold", async () => {
    const addresses = await queued(t.database.db, 2, "lease");
    const clock = clockAfterQueueing();
    const sent: string[] = [];
    // The first send takes longer than the lease; the second message's claim has run out by then.
    const transports = recording(sent, () => clock.advance(policy.leaseMs + 1000));
    await deliverDue({ db: t.database.db, clock, transports, log: silent, policy, concurrency: 1 });
    expect(sent.filter((to) => addresses.includes(to))).toHaveLength(1);
    // Another worker takes the one left over once its lease has run out, and it is sent once in all.
    const after = recording(sent);
    await deliverDue({ db: t.database.db, clock, transports: after, log: silent, policy });
    expect([...sent].filter((to) => addresses.includes(to)).sort()).toEqual([...addresses].sort());
    expect((await rowsTo(t.database.db, addresses)).map((row) => row.state)).toEqual(["sent", "sent"]);
  });

  it("stops only after the batch being sent is recorded", async () => {
    const [to] = await queued(t.database.db, 1, "stopping");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transports: Transports = {
      email: {
        name: "held",
        async send(message: OutgoingMessage) {
          if (message.to === to) {
            started();
            await held;
          }
          return {};
        },
      },
      sms: developerOutbox,
      keepContent: false,
    };
    const stop = startOutboxWorker({
      db: t.database.db,
      clock: clockAfterQueueing(),
      transports,
      log: silent,
      policy,
    });
    await sending;
    const stopped = stop();
    setTimeout(release, 200);
    await stopped;
    const [row] = await rowsTo(t.database.db, [to as string]);
    expect(row?.state).toBe("sent");
  });
});

/** A transport that records who it sent to; `during` runs inside the first send. */
function recording(sent: string[], during?: () => void): Transports {
  let first = true;
  return {
    email: {
      name: "recording",
      async send(message: OutgoingMessage) {
        sent.push(message.to);
        if (first && during) during();
        first = false;
        return {};
      },
    },
    sms: developerOutbox,
    keepContent: false,
  };
}
