import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { Limits } from "../context";
import { type Database, fromPglite, fromPostgres } from "../db/connect";
import { ManualClock } from "../lib/clock";
import type { Notification, Notifier } from "../lib/notifier";
import { generousLimits, testConfig } from "./config";

/** A database for one test file: a copy of the migrated template (PGlite) or the run's PostgreSQL database. */
export async function testDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") return fromPostgres(inject("postgresUrl"), 20);
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  return fromPglite(await PGlite.create({ loadDataDir: template }));
}

/** A notifier that keeps what it sends, for tests to read. */
export class MemoryNotifier implements Notifier {
  sent: Notification[] = [];
  async send(notification: Notification) {
    this.sent.push(notification);
  }
  lastTo(to: string): Notification | undefined {
    return this.sent.filter((n) => n.to === to).at(-1);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  notifier: MemoryNotifier;
  close(): Promise<void>;
}

/** The real app on a test database, with a manual clock and a memory notifier; rate limits are generous unless given. */
export async function testApp(
  options: { limits?: Partial<Limits>; config?: Partial<Config>; webDist?: string } = {},
): Promise<TestApp> {
  const database = await testDatabase();
  const clock = new ManualClock(new Date());
  const notifier = new MemoryNotifier();
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    clock,
    notifier,
    logger: false,
    limits: { ...generousLimits, ...options.limits },
    webDist: options.webDist,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    notifier,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "votespace_session");
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `votespace_session=${cookie.value}`;
}
