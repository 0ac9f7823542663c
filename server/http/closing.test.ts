import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { buildApp } from "../app";
import type { Database } from "../db/connect";
import { generousLimits, testConfig } from "../test/config";
import { testDatabase } from "../test/support";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

function request(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

let app: FastifyInstance;
let database: Database;
let port: number;
let release: (() => void) | undefined;

beforeAll(async () => {
  database = await testDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false, limits: generousLimits });
  // A request that stays in flight until the test lets it finish.
  app.get("/api/test/slow", { config: { access: "public" } }, async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { done: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("malformed HTTP", () => {
  it("is answered in the one error shape too", async () => {
    const answer = await raw(port, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error: { code: "bad_request", message: messages.malformedRequest },
    });
  });
});

describe("shutting down", () => {
  it("stops accepting, answers late requests 503 in the error shape, finishes those in flight, then closes", async () => {
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A keep-alive connection left open and idle, as a browser keeps one.
    expect((await request(port, "/api/health", idle)).status).toBe(200);
    const slow = request(port, "/api/test/slow", busy);
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));

    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));

    // A request on the open connection: not a reset, not Fastify's body, but ours; and the connection ends.
    const late = await request(port, "/api/health", idle);
    expect(late.status).toBe(503);
    expect(late.body).toEqual({ error: { code: "unavailable", message: messages.serviceUnavailable } });
    expect(late.headers.connection).toBe("close");
    // No new connection is accepted.
    await expect(request(port, "/api/health", new http.Agent())).rejects.toMatchObject({
      code: "ECONNREFUSED",
    });

    // The request in flight finishes, and tells its client not to reuse the connection.
    release?.();
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({ done: true });
    expect(finished.headers.connection).toBe("close");
    await closed;
    idle.destroy();
    busy.destroy();
  });
});
