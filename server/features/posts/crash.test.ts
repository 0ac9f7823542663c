import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

/**
 * A server process killed (kill -9) in the middle of a burst of messages loses none it acknowledged:
 * a 201 is sent only after the message's commit. The real entry point (server/dev-entry.ts: main) on the
 * project's database: the embedded one in a data folder of the test's own, or the PostgreSQL server.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-crash-"));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  if (made) {
    const admin = new pg.Client({ connectionString: inject("postgresUrl") });
    await admin.connect();
    await admin.query(`drop database if exists ${made.name} with (force)`);
    await admin.end();
  }
});

/**
 * On PostgreSQL, a database of this test's own: the real server counts registrations per address
 * with the production limits, and the shared test database holds every other test's.
 */
let made: { url: string; name: string } | null = null;
async function ownDatabase(): Promise<string> {
  if (made) return made.url;
  const url = new URL(inject("postgresUrl"));
  const name = `votespace_crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  made = { url: url.toString(), name };
  return made.url;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts server/main.ts; resolves with its address once it answers. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const postgres = process.env.TEST_DB === "postgres";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO: "off",
    LOG_LEVEL: "warn",
  };
  if (postgres)
    Object.assign(env, {
      DATABASE_URL: await ownDatabase(),
      SECRET_KEY: "crash-test-secret-key-0123456789abcdef",
    });
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/dev-entry.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("a server killed during a burst of messages", () => {
  it("loses no message it acknowledged", { timeout: 180_000 }, async () => {
    const first = await startServer();
    const email = `crash-${Date.now()}@crash.votespace.local`;
    const json = { "content-type": "application/json" };
    const registered = await fetch(`${first.base}/api/accounts/organizations`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        full_name: "Crash Admin",
        email,
        password: "vs-secret12",
        organization: `Crash ${Date.now()}`,
        country: "Ghana",
      }),
    });
    expect(registered.status).toBe(201);
    const signIn = await fetch(`${first.base}/api/session`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "vs-secret12" }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const headers = { ...json, cookie };
    const channel = (
      await (
        await fetch(`${first.base}/api/channels`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: "burst", type: "text" }),
        })
      ).json()
    ).channel as { id: string };

    // 16 writers post as fast as the server answers; at 60 acknowledged messages, kill -9.
    const acknowledged: string[] = [];
    let stop = false;
    let seq = 0;
    const writer = async () => {
      while (!stop) {
        const content = `burst-${seq++}`;
        try {
          const response = await fetch(`${first.base}/api/channels/${channel.id}/posts`, {
            method: "POST",
            headers,
            body: JSON.stringify({ content }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return; // the server is gone
        }
        if (acknowledged.length >= 60 && !stop) {
          stop = true;
          await killed(first.child);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, writer));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = await startServer();
    const missing: string[] = [];
    for (const id of acknowledged) {
      const response = await fetch(`${second.base}/api/posts/${id}`, { headers: { cookie } });
      if (response.status !== 200) missing.push(id);
    }
    expect(missing).toEqual([]);
    second.child.kill("SIGTERM");
  });
});
