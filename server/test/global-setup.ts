import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { fromPglite, fromPostgres } from "../db/connect";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}

/**
 * Once per run: on PGlite, a migrated database dumped to a file that every test file loads
 * (cheaper than initdb and migrations per file); on PostgreSQL, a new database for this run,
 * migrated, dropped at the end.
 */
export default async function setup(project: TestProject) {
  if (project.name !== "server-pg") {
    const client = new PGlite();
    await fromPglite(client).migrate();
    const dump = await client.dumpDataDir("none");
    const dir = mkdtempSync(path.join(tmpdir(), "votespace-template-"));
    const file = path.join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide("pgliteTemplate", file);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `votespace_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString(), 2);
  await database.migrate();
  await database.close();
  project.provide("postgresUrl", url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
