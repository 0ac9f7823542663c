import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/connect";
import { fromPostgres } from "../../db/postgres";
import { outbox } from "../../db/schema";
import { type Cluster, clusterUnavailable, startCluster } from "../../test/pg-cluster";
import { ManualClock } from "../clock";
import { defaultRetryPolicy, deliverDue } from "./deliver";
import { emailTo, queueMessages } from "./queue";
import { smtpTransport } from "./smtp";
import { invitation } from "./templates";
import { startTestSmtp, type TestSmtp } from "./test-fixtures/smtp";
import { developerOutbox } from "./transport";

/**
 * The outbox across processes, on a PostgreSQL server of this test's own: a process killed (kill -9)
 * after committing, or in the middle of a send, loses no message and doubles none; two processes
 * sending from one outbox never send one message twice.
 */
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`outbox process tests skipped: ${unavailable}`);

const fixture = path.join(import.meta.dirname, "test-fixtures/outbox-process.ts");
const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

describe.skipIf(!!unavailable)("the outbox across processes", () => {
  let cluster: Cluster;
  let database: Database;
  let smtp: TestSmtp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    database = fromPostgres(cluster.url, 5);
    await database.migrate();
    smtp = await startTestSmtp();
  }, 90_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await smtp?.close();
    await database?.close();
    cluster?.destroy();
  });

  /** A child process of the fixture; resolves once it printed `ready`. */
  async function child(args: string[], ready: string): Promise<ChildProcess> {
    const process_ = spawn(process.execPath, ["--import", "tsx", fixture, ...args], {
      env: { ...process.env, DATABASE_URL: cluster.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(process_);
    let output = "";
    await new Promise<void>((resolve, reject) => {
      process_.stdout?.on("data", (chunk) => {
        output += chunk;
        if (output.includes(ready)) resolve();
      });
      process_.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      process_.once("exit", (code) => reject(new Error(`fixture exited (${code}): ${output}`)));
    });
    return process_;
  }

  const killed = (process_: ChildProcess) =>
    new Promise<void>((resolve) => {
      process_.once("exit", () => resolve());
      process_.kill("SIGKILL");
    });

  /** This process restarted: a worker of its own, after the dead one's lease ran out. */
  async function restartedWorker(clock = new ManualClock(new Date(Date.now() + 1000))) {
    const email = smtpTransport(smtp.config);
    const transports = { email, sms: developerOutbox, keepContent: false };
    await deliverDue({ db: database.db, clock, transports, log: silent });
    await deliverDue({ db: database.db, clock, transports, log: silent });
    email.close?.();
  }

  const stateOf = async (to: string) =>
    (
      await database.db
        .select()
        .from(outbox)
        .where(inArray(outbox.recipient, [to]))
    )[0];

  it("sends a message committed by a process killed before it could send, once", {
    timeout: 60_000,
  }, async () => {
    const to = `killed-after-commit-${Date.now()}@outbox.test`;
    const queued = await child(["queue", to], "committed");
    await killed(queued);
    expect(await stateOf(to)).toMatchObject({ state: "queued", attempts: 0 });
    await restartedWorker();
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
    expect(await stateOf(to)).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("sends a message once when its sender is killed mid-send", { timeout: 60_000 }, async () => {
    const to = `killed-mid-send-${Date.now()}@outbox.test`;
    await queueMessages(database.db, [emailTo(to, letter())]);
    smtp.mode = "hang";
    const worker = await child(["work", String(smtp.config.port)], "working");
    // The message's data reached the mail server, which has not accepted it yet: then kill -9.
    await smtp.waitFor(() => smtp.hanging === 1);
    await killed(worker);
    smtp.mode = "accept";
    expect(await stateOf(to)).toMatchObject({ state: "sending", attempts: 1 });
    // Before the dead sender's lease ends nobody takes the message over...
    await restartedWorker();
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(0);
    // ...after it, the message is sent, once.
    await restartedWorker(new ManualClock(new Date(Date.now() + defaultRetryPolicy.leaseMs + 1000)));
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
    expect(await stateOf(to)).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("never sends one message twice from two processes", { timeout: 90_000 }, async () => {
    const addresses = Array.from({ length: 400 }, (_, i) => `two-workers-${i}-${Date.now()}@outbox.test`);
    await queueMessages(
      database.db,
      addresses.map((to) => emailTo(to, letter())),
    );
    const workers = await Promise.all([
      child(["work", String(smtp.config.port)], "working"),
      child(["work", String(smtp.config.port)], "working"),
    ]);
    const mine = () => smtp.received.filter((m) => addresses.includes(m.to));
    const rows = () => database.db.select().from(outbox).where(inArray(outbox.recipient, addresses));
    let sent = 0;
    await smtp.waitFor(() => {
      void rows().then((all) => {
        sent = all.filter((row) => row.state === "sent").length;
      });
      return sent === addresses.length;
    });
    for (const worker of workers) await killed(worker);
    expect(mine()).toHaveLength(addresses.length);
    expect(new Set(mine().map((m) => m.to)).size).toBe(addresses.length);
    expect(new Set(mine().map((m) => m.messageId)).size).toBe(addresses.length);
    expect((await rows()).every((row) => row.attempts === 1)).toBe(true);
  });
});

function letter() {
  return invitation({
    organization: "Harbour Rowing Club",
    invitedBy: "Ama Mensah",
    link: "https://vote.example.org/invitations/two",
    expiresAt: new Date("2026-12-01T12:00:00Z"),
    timeZone: "UTC",
  });
}
