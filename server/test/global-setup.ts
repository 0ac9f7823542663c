import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { fromPglite } from "../db/connect";
import { fromPostgres } from "../db/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
    /** The run's migrated PostgreSQL database no file connects to, copied by a file that needs its own. */
    postgresTemplateUrl: string;
  }
}

/**
 * Once per run: on PGlite, a migrated database dumped to a file that every test file loads
 * (cheaper than initdb and migrations per file); on PostgreSQL, a migrated template for this run
 * and the database the files share, copied from it (server/test/support.ts testDatabase), all
 * dropped at the end.
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
  const urlOf = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}_template`);
  const template = fromPostgres(urlOf(`${name}_template`), 2);
  await template.migrate();
  await template.close();
  await admin.query(`create database ${name} template ${name}_template`);
  await admin.end();
  project.provide("postgresUrl", urlOf(name));
  project.provide("postgresTemplateUrl", urlOf(`${name}_template`));
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // The shared database, the template and the copies of files that had their own (one that failed may have left it).
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${name}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
  };
}
