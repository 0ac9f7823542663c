import { RedisClient } from "../lib/redis";

/**
 * The Redis the tests use: REDIS_URL, else one answering on 127.0.0.1:6379 (CI runs one there).
 * Undefined when none answers; the tests that need it then skip and say why.
 */
export async function redisForTests(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const client = new RedisClient(url, 500);
  try {
    return (await client.command("PING")) === "PONG" ? url : undefined;
  } catch {
    return undefined;
  } finally {
    client.close();
  }
}
