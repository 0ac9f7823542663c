import { sql } from "drizzle-orm";
import { bulletinBoard } from "../server/features/elections/bulletin";
import { sealPending } from "../server/features/elections/sealing";
import { forEachBenchApp } from "./databases";
import { electionWithBallots } from "./elections";
import { httpLoad, type LoadRequest } from "./http-load";

/** Voters; each votes for both positions of the election, so twice as many ballots. */
const VOTERS = 50_000;
const CLIENTS = 8;
const BOARDS = 100;
const HEALTH = 3_000;
/** What a browser sends. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

/**
 * The public bulletin board of a closed election of 100,000 sealed ballots, as voters fetch it at
 * the close, beside the same server's GET /api/health with the same load generator (a process of
 * its own, 8 at a time) in the same run: the board made once (its first request: the ballots read
 * and serialized, then each compression the first time it is asked for), then sent again to
 * browsers that accept br and to browsers that hold it already (If-None-Match, answered 304). The
 * board as every request made it before it was kept (bulletinBoard and its serialization, in
 * this process) is measured too, as the baseline of the first figure.
 */
export async function run(): Promise<void> {
  await forEachBenchApp(async (name, app, { db }) => {
    const id = await electionWithBallots(app, db, VOTERS, "bulletin");
    await sealPending(db, { electionId: id, minVoters: 1 });
    await db.execute(sql`update elections set status = 'completed', ends_at = now() where id = ${id}::uuid`);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const url = `${base}/api/elections/${id}/bulletin`;

    const cpu = async <T>(task: () => Promise<T>) => {
      const [started, before] = [performance.now(), process.cpuUsage()];
      const result = await task();
      const used = process.cpuUsage(before);
      return { result, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    };
    const before: number[] = [];
    for (let i = 0; i < 3; i++)
      before.push((await cpu(async () => JSON.stringify(await bulletinBoard(db, id)))).cpuMs);
    // fetch asks for gzip unless told: the first request makes the board alone.
    const made = await cpu(() =>
      fetch(url, { headers: { "accept-encoding": "identity" } }).then((r) => r.arrayBuffer()),
    );
    const brotli = await cpu(() => fetch(url, { headers: BROWSER }).then((r) => r.arrayBuffer()));
    const gzip = await cpu(() =>
      fetch(url, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer()),
    );
    const etag = (await fetch(url, { method: "HEAD" })).headers.get("etag") ?? "";
    // fetch decodes what it receives: the bytes sent are read from the representation itself.
    const compressed = {
      br: Number(
        (await app.inject({ url: new URL(url).pathname, headers: { "accept-encoding": "br" } })).rawPayload
          .length,
      ),
      gzip: Number(
        (await app.inject({ url: new URL(url).pathname, headers: { "accept-encoding": "gzip" } })).rawPayload
          .length,
      ),
    };

    // The server's own CPU a request (the load generator is a process of its own).
    const load = async (count: number, request: Omit<LoadRequest, "url"> & { url?: string }) => {
      const { result, cpuMs } = await cpu(() =>
        httpLoad(
          Array.from({ length: count }, () => ({ url, ...request })),
          CLIENTS,
        ),
      );
      return { ...result, cpuMs: cpuMs / count };
    };
    const health = await load(HEALTH, { url: `${base}/api/health`, method: "GET", headers: {}, expect: 200 });
    const sent = await load(BOARDS, { method: "GET", headers: BROWSER, expect: 200 });
    const held = await load(HEALTH, {
      method: "GET",
      headers: { ...BROWSER, "if-none-match": etag },
      expect: 304,
    });
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const perRequest = (ms: number) =>
      `${ms.toFixed(2).padStart(8)} ms CPU = ${(ms / health.cpuMs).toFixed(1)} × health`;
    console.log(`${name}: the bulletin board of 100,000 sealed ballots, the server's CPU a request (${CLIENTS} clients)
  GET /api/health (baseline)           ${health.cpuMs.toFixed(2).padStart(8)} ms CPU (${health.perSecond.toFixed(0)} /s)
  made every request, as before        ${perRequest(median(before))} (runs ${before.map((ms) => ms.toFixed(0)).join(", ")})
  made once (its first request)        ${perRequest(made.cpuMs)}, ${made.ms.toFixed(0)} ms, ${mb(made.result.byteLength)}
  first br / gzip (compressed once)    ${brotli.ms.toFixed(0)} / ${gzip.ms.toFixed(0)} ms on zlib's threads: ${mb(compressed.br)} / ${mb(compressed.gzip)}
  board sent again, br                 ${perRequest(sent.cpuMs)}
  board held by the browser: 304       ${perRequest(held.cpuMs)}`);
  });
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
}
