import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { AppError } from "../http/errors";
import { generousLimits, testConfig } from "../test/config";
import { createMember, createOrganization } from "../test/factories";
import { call } from "../test/http";
import { redisForTests } from "../test/redis";
import { testApp } from "../test/support";
import { systemClock } from "./clock";
import type { Limit } from "./rate-limit";
import { RedisClient } from "./redis";
import { SharedLimiter } from "./shared-limiter";

/**
 * Rate limits on messages shared by server processes through a real Redis (REDIS_URL, else
 * 127.0.0.1:6379): two limiters stand for two processes.
 */
const url = await redisForTests();
if (!url) console.warn("shared rate-limit tests skipped: no Redis at REDIS_URL or 127.0.0.1:6379");

type Line = { level: string; object: object; message: string };
function recordingLog(lines: Line[]) {
  return {
    warn: (object: object, message: string) => lines.push({ level: "warn", object, message }),
    info: (object: object, message: string) => lines.push({ level: "info", object, message }),
  };
}

/** Tries one hit: true allowed, false refused with 429 (anything else fails the test). */
async function allowed(limiter: SharedLimiter, key: string, limit: Limit): Promise<boolean> {
  try {
    await limiter.enforce([{ key, limit }]);
    return true;
  } catch (error) {
    expect((error as { code?: string }).code).toBe("rate_limited");
    return false;
  }
}

describe.skipIf(!url)("one budget for every process, through Redis", () => {
  const limiters: SharedLimiter[] = [];
  const lines: Line[] = [];
  const limiter = (target = url ?? "", retryMs = 5000) => {
    const made = new SharedLimiter(new RedisClient(target, 300), systemClock, recordingLog(lines), {
      retryMs,
      prefix: "votespace:test-limit:",
    });
    limiters.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of limiters) made.close();
  });

  it("refuses a flood spread over two processes once the one budget is spent", async () => {
    const [a, b] = [limiter(), limiter()];
    const key = `posts:user:${randomUUID()}`;
    const limit = { max: 60, windowSeconds: 60 };
    let accepted = 0;
    for (let i = 0; i < 300; i++) if (await allowed(i % 2 ? a : b, key, limit)) accepted++;
    // Leases of 6: at most 60 in all, and at least 60 less what one process leased and the flood never reached.
    expect(accepted).toBeLessThanOrEqual(60);
    expect(accepted).toBeGreaterThanOrEqual(60 - 5);
    // Once refused, a process refuses without asking Redis (retry-after: the window's end).
    let refused: unknown;
    try {
      a.enforce([{ key, limit }]);
    } catch (error) {
      refused = error;
    }
    expect((refused as AppError).headers["retry-after"]).toMatch(/^(59|60)$/);
  });

  it("never grants more than the budget to hits arriving at once on both processes", async () => {
    const [a, b] = [limiter(), limiter()];
    const key = `chat:user:${randomUUID()}`;
    const limit = { max: 25, windowSeconds: 60 };
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) => allowed(i % 2 ? a : b, key, limit)),
    );
    const accepted = outcomes.filter(Boolean).length;
    expect(accepted).toBeLessThanOrEqual(25);
    expect(accepted).toBeGreaterThanOrEqual(25 - 2);
  });

  it("counts per process when Redis goes away mid-run, says so once without the password, and shares again when it is back", async () => {
    const proxy = await startProxy(url ?? "");
    const a = limiter(`redis://:hunter2-secret@127.0.0.1:${proxy.port}`, 200);
    const key = `typing:user:${randomUUID()}`;
    const limit = { max: 10, windowSeconds: 60 };
    lines.length = 0;
    for (let i = 0; i < 5; i++) expect(await allowed(a, key, limit)).toBe(true);
    await proxy.stop();
    // Posting goes on, within this process's own count (fresh: it knew only its lease), and a flood is still refused.
    let accepted = 0;
    for (let i = 0; i < 30; i++) if (await allowed(a, key, limit)) accepted++;
    expect(accepted).toBe(10);
    expect(lines.filter((line) => line.level === "warn")).toHaveLength(1);
    await proxy.start();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await allowed(a, key, limit); // the probe goes out in the background
    await expect.poll(() => lines.filter((line) => line.level === "info")).toHaveLength(1);
    // Back on Redis: the window there still holds the 5 hits taken before the outage.
    accepted = 0;
    for (let i = 0; i < 30; i++) if (await allowed(a, key, limit)) accepted++;
    expect(accepted).toBe(5);
    expect(JSON.stringify(lines)).not.toContain("hunter2");
    await proxy.stop();
  });

  it("gives two app processes one budget for direct messages when REDIS_URL is set", async () => {
    const limits = { ...generousLimits, postsPerUser: { max: 4, windowSeconds: 60 } };
    const first = await testApp({ limits, config: { redisUrl: url } });
    const second = await buildApp({
      config: testConfig({ redisUrl: url }),
      database: first.database,
      clock: first.clock,
      logger: false,
      limits,
    });
    try {
      const admin = await createOrganization(first.app);
      const voter = await createMember(first.app, admin.organizationId);
      const send = (n: number) =>
        call(n % 2 ? first.app : second, voter.cookie).post(`/api/chat/conversations/${admin.id}`, {
          content: `m${n}`,
        });
      for (let n = 1; n <= 4; n++) expect((await send(n)).statusCode).toBe(201);
      const fifth = await send(5);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().error.message).toMatch(/^Too many attempts\. Please try again in /);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

/** A TCP relay to the Redis, on a port of its own, that the test stops (dropping every connection) and starts again. */
async function startProxy(target: string) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort || 6379), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(port, "127.0.0.1", () => {
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
}
