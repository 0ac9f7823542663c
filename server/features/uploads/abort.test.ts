import { existsSync, readdirSync, statSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/connect";
import { ManualClock } from "../../lib/clock";
import type { FolderStorage } from "../../storage/index";
import { generousLimits, testConfig } from "../../test/config";
import { createMember, createOrganization } from "../../test/factories";
import { call } from "../../test/http";
import { testDatabase } from "../../test/support";

/** Every log record the app writes, parsed. */
const records: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) records.push(JSON.parse(line));
    done();
  },
});

let app: FastifyInstance;
let database: Database;
let port: number;
beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    clock: new ManualClock(new Date()),
    logger: { level: "trace", stream: sink },
    limits: generousLimits,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an upload the client abandons", () => {
  it("was streamed to storage, is removed, and logs nothing above debug and no stack trace", async () => {
    const admin = await createOrganization(app);
    const member = await createMember(app, admin.organizationId);
    const channel = (
      await call(app, admin.cookie).post("/api/channels", { name: `files-${Date.now() % 1e6}`, type: "text" })
    ).json().channel;

    const boundary = "----votespace-abort";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const before = records.length;
    socket.write(
      `POST /api/channels/${channel.id}/attachments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Cookie: ${member.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${5 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(Buffer.alloc(256 * 1024, "a"));
    // Streamed to storage as it arrives, not held in memory until the end.
    const { dir } = app.context.storage as FolderStorage;
    const incoming = () =>
      existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(".incoming-")) : [];
    const written = () => incoming().reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
    for (let waited = 0; written() < 200_000 && waited < 10_000; waited += 100) await pause(100);
    const streamed = written();
    socket.destroy();
    await pause(500);
    expect(streamed).toBeGreaterThanOrEqual(200_000);
    // The abandoned part is gone.
    expect(incoming()).toEqual([]);

    const logged = records.slice(before);
    const loud = logged.filter((record) => (record.level as number) > 20);
    const noisy = loud.filter(
      (record) => record.msg !== "incoming request" && record.msg !== "request completed",
    );
    expect(noisy).toEqual([]);
    // No stack trace above debug (Node's own "client error" for the cut connection is Fastify's, at debug).
    expect(JSON.stringify(loud)).not.toContain("stack");
    expect(logged.some((record) => record.msg === "unhandled error")).toBe(false);
    expect(
      logged.some((record) => record.level === 20 && record.msg === "upload aborted by the client"),
    ).toBe(true);
  });
});
