import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { buildApp } from "../server/app";
import { generousLimits, testConfig } from "../server/test/config";
import { benchDatabases } from "./databases";
import { httpLoad } from "./http-load";
import { prepareVotes } from "./votes.bench";

/**
 * A CPU profile of the server's thread while it takes votes only (setup left out):
 * `npx tsx bench/votes-profile.ts [PostgreSQL|PGlite] [out.cpuprofile]`, then open it in Chrome's DevTools.
 */
const [on = "PostgreSQL", out = "votes.cpuprofile"] = process.argv.slice(2);
const target = (await benchDatabases()).find((t) => t.name === on);
if (!target) throw new Error(`no ${on} here`);
const database = await target.open();
await database.migrate();
const app = await buildApp({
  config: testConfig({ databaseUrl: target.postgres?.url }),
  database,
  logger: false,
  limits: generousLimits,
});
try {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const warm = await prepareVotes(app, base, database, "spread", 1000);
  await httpLoad(warm.requests, 8);
  const votes = await prepareVotes(app, base, database, "spread", 2000);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  const measured = await httpLoad(votes.requests, 8);
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(out, JSON.stringify(profile));
  console.log(measured, `profile: ${out}`);
  await votes.check();
} finally {
  await app.close();
  await database.close();
  await target.dispose();
}
