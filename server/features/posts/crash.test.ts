import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ownPostgresDatabase, type ServerProcess, startServerProcess } from "../../test/server-process";

/**
 * A server process killed (kill -9) in the middle of a burst of messages loses none it acknowledged:
 * a 201 is sent only after the message's commit. The real entry point (server/dev-entry.ts: main) on the
 * project's database: the embedded one in a data folder of the test's own, or a PostgreSQL database
 * of its own (the real server counts registrations per address with the production limits).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "votespace-crash-"));
const servers: ServerProcess[] = [];
let database: Awaited<ReturnType<typeof ownPostgresDatabase>> | null = null;
afterAll(async () => {
  for (const server of servers) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

async function startServer(): Promise<ServerProcess> {
  if (process.env.TEST_DB === "postgres")
    database ??= await ownPostgresDatabase(inject("postgresUrl"), "votespace_crash");
  const server = await startServerProcess(database?.url ?? null, {}, { dataDir });
  servers.push(server);
  return server;
}

describe("a server killed during a burst of messages", () => {
  it("loses no message it acknowledged", { timeout: 180_000 }, async () => {
    const first = await startServer();
    const email = `crash-${Date.now()}@crash.votespace.local`;
    const json = { "content-type": "application/json" };
    const registered = await fetch(`${first.baseUrl}/api/accounts/organizations`, {
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
    const signIn = await fetch(`${first.baseUrl}/api/session`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "vs-secret12" }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const headers = { ...json, cookie };
    const channel = (
      await (
        await fetch(`${first.baseUrl}/api/channels`, {
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
          const response = await fetch(`${first.baseUrl}/api/channels/${channel.id}/posts`, {
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
          await first.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, writer));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = await startServer();
    const missing: string[] = [];
    for (const id of acknowledged) {
      const response = await fetch(`${second.baseUrl}/api/posts/${id}`, { headers: { cookie } });
      if (response.status !== 200) missing.push(id);
    }
    expect(missing).toEqual([]);
    await second.stop();
  });
});
