import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "votespace-config-"));

describe("configuration", () => {
  it("has working defaults for the embedded setup", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true, trustProxy: false });
    // The generated secret is kept in the data folder, readable by its owner only, and reused.
    const file = path.join(dir, "secret.key");
    expect(readFileSync(file, "utf8").trim()).toBe(config.secretKey);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it("says clearly which variable is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
  });

  it("requires a shared SECRET_KEY with a PostgreSQL server and turns demo data off there", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/x" })).toThrow(/SECRET_KEY/);
    const config = loadConfig({ DATABASE_URL: "postgres://localhost/x", SECRET_KEY: "k".repeat(40) });
    expect(config.demo).toBe(false);
  });
});
