import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { Limits } from "../context";
import { type Database, type Db, fromPglite } from "../db/connect";
import { fromPostgres } from "../db/postgres";
import { outbox } from "../db/schema";
import type { MediaServer } from "../features/rooms/media/server";
import type { LogOptions } from "../http/logging";
import { ManualClock } from "../lib/clock";
import { generousLimits, testConfig } from "./config";

/**
 * A database for one test file: on PGlite a copy of the migrated template, on PostgreSQL the run's
 * database that the files share. With `own`, on PostgreSQL too a copy of its own, dropped when it
 * closes: for a file whose code sweeps whole tables (the election schedule, the outbox worker, the
 * room and upload sweepers), which on the shared database would close, send or end other files'
 * elections, messages and rooms while they run.
 */
export async function testDatabase(options: { own?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") {
    const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
    return fromPglite(await PGlite.create({ loadDataDir: template }));
  }
  if (!options.own) return fromPostgres(inject("postgresUrl"), 20);
  const template = new URL(inject("postgresTemplateUrl"));
  const templateName = template.pathname.slice(1);
  // Named after the template, so the run's teardown drops it too if this file never closes it.
  const name = `${templateName}_own_${randomUUID().slice(0, 8)}`;
  // Through the shared database: a copy cannot be made while anyone is connected to its template.
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: inject("postgresUrl") });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await run(`create database ${name} template ${templateName}`);
  const url = new URL(template);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString(), 20);
  return {
    ...database,
    async close() {
      await database.close();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface QueuedForTest {
  to: string;
  kind: string;
  state: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The outbox table as tests read it: the messages queued to one address (test apps run no outbox worker). */
export class TestOutbox {
  constructor(private readonly db: Db) {}
  async to(recipient: string): Promise<QueuedForTest[]> {
    const rows = await this.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(asc(outbox.createdAt), asc(outbox.id));
    return rows.map((r) => ({
      to: r.recipient,
      kind: r.kind,
      state: r.state,
      subject: r.subject,
      text: r.body,
      html: r.html,
    }));
  }
  async lastTo(recipient: string): Promise<QueuedForTest | undefined> {
    return (await this.to(recipient)).at(-1);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  /** What the app queued for people (codes, links). */
  outbox: TestOutbox;
  close(): Promise<void>;
}

/** The real app on a test database, with a manual clock; rate limits are generous unless given. */
export async function testApp(
  options: {
    limits?: Partial<Limits>;
    config?: Partial<Config>;
    webDist?: string;
    logger?: LogOptions;
    /** The media server rooms use, for a file that makes it fail (default: the config's). */
    media?: MediaServer;
    /** A database of the file's own on PostgreSQL too: for a file that sweeps whole tables (testDatabase). */
    ownDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await testDatabase({ own: options.ownDatabase });
  const clock = new ManualClock(new Date());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    clock,
    logger: options.logger ?? false,
    limits: { ...generousLimits, ...options.limits },
    webDist: options.webDist,
    media: options.media,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    outbox: new TestOutbox(database.db),
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
