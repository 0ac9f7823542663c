import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { TestSocket } from "../realtime/test-fixtures/client";
import { organizationInput } from "../test/factories";
import { type Cluster, clusterUnavailable, startCluster } from "../test/pg-cluster";
import { type ServerProcess, startServerProcess } from "../test/server-process";

/**
 * A real server process (server/main.ts) on a PostgreSQL server of this test's own, which the test
 * restarts: the process rides it out, answers 503 in the one error shape meanwhile, and serves
 * again (realtime too) once the database is back, without a restart of its own.
 */
const unavailable = process.env.TEST_DB !== "postgres" ? "the PostgreSQL suite only" : clusterUnavailable();
if (unavailable && process.env.TEST_DB === "postgres") {
  console.warn(`database restart tests skipped: ${unavailable}`);
}

describe.skipIf(!!unavailable)("a database restart", () => {
  let cluster: Cluster;
  let server: ServerProcess;
  let cookie: string;
  let organizationId: string;

  beforeAll(async () => {
    cluster = await startCluster();
    server = await startServerProcess(cluster.url);
    const input = organizationInput();
    const registered = await post("/api/accounts/organizations", input);
    expect(registered.status, server.output()).toBe(201);
    const signedIn = await post("/api/session", { email: input.email, password: input.password });
    cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const session = (await get("/api/session")).body as { profile: { organization_id: string } };
    organizationId = session.profile.organization_id;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  const post = (url: string, body: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const get = async (url: string) => {
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}${url}`, { headers: cookie ? { cookie } : {} });
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  };
  const createChannel = async (name: string) => {
    const started = Date.now();
    const response = await post("/api/channels", { organization_id: organizationId, name, type: "text" });
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  };

  it("survives idle connections terminated by pg_terminate_backend", { timeout: 30_000 }, async () => {
    expect((await get("/api/session")).status).toBe(200);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.alive(), server.output()).toBe(true);
    expect((await get("/api/session")).status, server.output()).toBe(200);
  });

  it("answers 503 in the error shape while the database is down, and serves again (realtime too) after", {
    timeout: 120_000,
  }, async () => {
    const before = await TestSocket.open(server.baseUrl, { cookie });
    expect(await before.subscribe(`org:${organizationId}`)).toMatchObject({ type: "subscribed" });

    cluster.stop();
    // Reads and writes during the outage: a 503 in the one error shape, each within a bounded time.
    for (let i = 0; i < 3; i++) {
      for (const attempt of [await get("/api/session"), await createChannel(`during-${i}`)]) {
        expect(attempt.status, JSON.stringify(attempt.body)).toBe(503);
        expect(attempt.body).toEqual({
          error: { code: "unavailable", message: messages.serviceUnavailable },
        });
        expect(attempt.ms).toBeLessThan(7_000);
      }
    }
    expect(server.alive(), server.output()).toBe(true);
    // Down for a few seconds, as a restart or a failover is.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    cluster.start();

    // Back without a restart of the server.
    const deadline = Date.now() + 30_000;
    let after = await get("/api/session");
    while (after.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await get("/api/session");
    }
    expect(after.status, server.output()).toBe(200);
    expect(server.alive()).toBe(true);

    // The socket opened before was told to reconnect (its listener was rebuilt); a new one gets events.
    expect((await before.closed).code).toBe(1012);
    const socket = await TestSocket.open(server.baseUrl, { cookie });
    expect(await socket.subscribe(`org:${organizationId}`)).toMatchObject({ type: "subscribed" });
    let received = false;
    for (let i = 0; i < 10 && !received; i++) {
      const created = await createChannel(`after-${i}`);
      expect(created.status).toBe(201);
      const channelId = (created.body as { channel: { id: string } }).channel.id;
      received = await socket
        .next(
          (m) => m.type === "event" && m.event === "channel.created" && m.payload.channel_id === channelId,
          {
            timeoutMs: 2_000,
          },
        )
        .then(() => true)
        .catch(() => false);
    }
    expect(received, server.output()).toBe(true);
    await socket.close();
    expect(server.alive()).toBe(true);
  });
});
