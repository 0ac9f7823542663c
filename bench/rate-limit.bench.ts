import { randomUUID } from "node:crypto";
import { defaultLimits } from "../server/context";
import { systemClock } from "../server/lib/clock";
import { type HitLimiter, MemoryLimiter } from "../server/lib/rate-limit";
import { RedisClient } from "../server/lib/redis";
import { SharedLimiter } from "../server/lib/shared-limiter";
import { redisForTests } from "../server/test/redis";
import { silentLog } from "./fanout-harness";

/**
 * What a message's rate-limit check costs: the per-process MemoryLimiter (the embedded default)
 * against the shared budget through Redis (REDIS_URL, else 127.0.0.1:6379), leased a tenth of the
 * limit at a time (what the server does) and, for comparison, one Lua call (INCRBY, PEXPIRE) per
 * message. 400 senders each send 100 messages (under the default 120 a minute), 16 checks in flight
 * as in a busy server; figures are CPU per check (this process from process.cpuUsage, Redis from
 * INFO cpu) and Redis calls per check. Rounds alternate between the three; the median round is
 * reported. For scale: a whole post costs the server 800-1,000 µs of CPU (issue 17).
 */
const SENDERS = 400;
const PER_SENDER = 100;
const IN_FLIGHT = 16;
const ROUNDS = 5;

interface Figures {
  nodeUs: number;
  redisUs: number;
  callsPerHit: number;
  wallUs: number;
}

export async function run(): Promise<void> {
  const url = await redisForTests();
  if (!url) {
    console.log("skipped: no Redis at REDIS_URL or 127.0.0.1:6379");
    return;
  }
  const info = new RedisClient(url);
  const variants: Array<[string, () => { limiter: HitLimiter; calls: () => number }]> = [
    ["in memory (per process)", () => ({ limiter: new MemoryLimiter(systemClock), calls: () => 0 })],
    ["Redis, leases of 1/10", () => shared(url, 0.1)],
    ["Redis, a call per message", () => shared(url, 0)],
  ];
  const rounds = new Map<string, Figures[]>(variants.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, make] of variants) {
      const { limiter, calls } = make();
      rounds.get(name)?.push(await measureChecks(limiter, calls, info));
      limiter.close();
    }
  }
  info.close();
  const medians = variants.map(([name]) => {
    const list = rounds.get(name) ?? [];
    const at = (pick: (f: Figures) => number) => list.map(pick).sort((a, b) => a - b)[list.length >> 1] ?? 0;
    return {
      name,
      nodeUs: at((f) => f.nodeUs),
      redisUs: at((f) => f.redisUs),
      calls: at((f) => f.callsPerHit),
      wallUs: at((f) => f.wallUs),
    };
  });
  const base = medians[0]?.nodeUs ?? 1;
  console.log(`${SENDERS * PER_SENDER} checks per round, ${IN_FLIGHT} in flight, median of ${ROUNDS} rounds`);
  for (const m of medians) {
    console.log(
      `  ${m.name.padEnd(26)} node ${m.nodeUs.toFixed(2).padStart(6)} µs/check (${(m.nodeUs / base).toFixed(1)} ×)` +
        `   redis ${m.redisUs.toFixed(2).padStart(5)} µs/check   ${m.calls.toFixed(3)} calls/check   wall ${m.wallUs.toFixed(2)} µs/check`,
    );
  }
}

/** A SharedLimiter whose Redis calls are counted. */
function shared(url: string, leaseShare: number) {
  const client = new RedisClient(url);
  let calls = 0;
  const command = client.command.bind(client);
  client.command = (...args) => {
    calls++;
    return command(...args);
  };
  const limiter = new SharedLimiter(client, systemClock, silentLog, {
    leaseShare,
    prefix: `votespace:bench:${randomUUID()}:`,
  });
  return { limiter, calls: () => calls };
}

async function measureChecks(limiter: HitLimiter, calls: () => number, info: RedisClient): Promise<Figures> {
  const limit = defaultLimits.postsPerUser;
  const senders = Array.from({ length: SENDERS }, () => `posts:user:${randomUUID()}`);
  const total = SENDERS * PER_SENDER;
  const redisBefore = await redisCpuUs(info);
  const callsBefore = calls();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < total) {
        const key = senders[next++ % SENDERS] as string;
        await limiter.enforce([{ key, limit }]);
      }
    }),
  );
  const wallUs = ((performance.now() - started) * 1000) / total;
  const cpu = process.cpuUsage(cpuBefore);
  const redisUs = (await redisCpuUs(info)) - redisBefore;
  return {
    nodeUs: (cpu.user + cpu.system) / total,
    redisUs: redisUs / total,
    callsPerHit: (calls() - callsBefore) / total,
    wallUs,
  };
}

/** Redis's own CPU so far (INFO cpu), in µs: main thread and children, user and system. */
async function redisCpuUs(client: RedisClient): Promise<number> {
  const text = String(await client.command("INFO", "cpu"));
  const field = (name: string) => Number(text.match(new RegExp(`^${name}:([\\d.]+)`, "m"))?.[1] ?? 0);
  return (field("used_cpu_user") + field("used_cpu_sys")) * 1e6;
}
