import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { redisForTests } from "../test/redis";
import { RedisClient, RedisReplyError, RedisUnavailable } from "./redis";

const url = await redisForTests();
if (!url) console.warn("Redis client tests skipped: no Redis at REDIS_URL or 127.0.0.1:6379");

describe.skipIf(!url)("the Redis client, against a real Redis", () => {
  const client = new RedisClient(url ?? "redis://127.0.0.1:6379");
  const key = `votespace:test:${randomUUID()}`;
  afterAll(async () => {
    await client.command("DEL", key, `${key}:text`);
    client.close();
  });

  it("reads every kind of reply", async () => {
    expect(await client.command("PING")).toBe("PONG");
    expect(await client.command("SET", `${key}:text`, "Akwaaba, 中文 \r\n")).toBe("OK");
    expect(await client.command("GET", `${key}:text`)).toBe("Akwaaba, 中文 \r\n");
    expect(await client.command("GET", `${key}:missing`)).toBeNull();
    expect(await client.command("EVAL", "return {1, 'two', {3}}", 0)).toEqual([1, "two", [3]]);
    await expect(client.command("NOSUCHCOMMAND")).rejects.toBeInstanceOf(RedisReplyError);
    // An error reply leaves the connection in step.
    expect(await client.command("INCRBY", key, 5)).toBe(5);
  });

  it("pipelines commands and matches each reply to its command", async () => {
    const replies = await Promise.all(Array.from({ length: 2000 }, () => client.command("INCR", key)));
    expect(replies).toEqual(Array.from({ length: 2000 }, (_, i) => 6 + i));
  });

  it("fails fast where nothing listens, and opens a new connection for the next command", async () => {
    const nowhere = new RedisClient("redis://:not-logged@127.0.0.1:1", 500);
    const failure = await nowhere.command("PING").catch((error: Error) => error);
    expect(failure).toBeInstanceOf(RedisUnavailable);
    expect(String(failure)).not.toContain("not-logged");
    await expect(nowhere.command("PING")).rejects.toBeInstanceOf(RedisUnavailable);
    nowhere.close();
  });
});
