import { buildApp } from "../server/app";
import type { Database } from "../server/db/connect";
import { fromPostgres } from "../server/db/postgres";
import { generousLimits, testConfig } from "../server/test/config";
import { embedded } from "./databases";
import { measure, report } from "./measure";

/**
 * Authenticated requests (session cookie resolved against the database on every request) against
 * the health check (one `select 1`) through the same app, in the same run.
 */
export async function run(): Promise<void> {
  const targets: Array<[string, () => Promise<Database>]> = [["PGlite", embedded]];
  if (process.env.BENCH_DATABASE_URL) {
    targets.push(["PostgreSQL", async () => fromPostgres(process.env.BENCH_DATABASE_URL as string, 10)]);
  }
  for (const [name, open] of targets) {
    const database = await open();
    await database.migrate();
    const app = await buildApp({ config: testConfig(), database, logger: false, limits: generousLimits });
    const email = `bench-${Date.now()}@bench.votespace.local`;
    await app.inject({
      method: "POST",
      url: "/api/accounts/voters",
      payload: { full_name: "Bench", email, password: "vs-secret12", phone_number: "1", id_number: "B1" },
    });
    const signIn = await app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email, password: "vs-secret12" },
    });
    const cookie = `votespace_session=${signIn.cookies[0]?.value}`;

    const baseline = await measure(2000, 8, () => app.inject({ method: "GET", url: "/api/health" }));
    const session = await measure(2000, 8, () =>
      app.inject({ method: "GET", url: "/api/session", headers: { cookie } }),
    );
    report(`${name}: GET /api/session vs GET /api/health`, session, baseline);
    await app.close();
    await database.close();
  }
}
