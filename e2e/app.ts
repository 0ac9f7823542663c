import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Browser, BrowserContext } from "playwright-core";
import { buildWebInto, ensureWebBuild } from "../scripts/web-build";
import { buildApp } from "../server/app";
import type { SmtpConfig } from "../server/config";
import { type Database, openEmbedded } from "../server/db/connect";
import { seedDemoIfEmpty } from "../server/features/demo/seed";
import { startElectionWorker } from "../server/features/elections/worker";
import { createDemoAdmin } from "../server/features/platform-admin/accounts";
import { startRoomSweeper } from "../server/features/rooms/sweeper";
import { startUploadSweeper } from "../server/features/uploads/sweeper";
import { closeTransports, configuredTransports } from "../server/lib/outbox/configured";
import { startOutboxWorker } from "../server/lib/outbox/worker";
import { generousLimits, testConfig } from "../server/test/config";
import { startS3 } from "../server/test/s3";
import { signInAs } from "./browser";
import { pauseEventLoopWatch, watchEventLoop, watchPglite } from "./stalls";

export interface RunningE2eApp {
  baseURL: string;
  /** The built web app it serves (a second app of the run may serve the same). */
  webDist: string | undefined;
  /** Its embedded database, for a bench that seeds rows in bulk. */
  database: Database;
  stop: () => Promise<void>;
}

/**
 * The real app as the browser journeys meet it: the web app built (into a folder of this run's
 * own with E2E_OWN_BUILD=1, so runs beside other work never share web/dist), a fresh embedded
 * database and data folder, the workers, listening on a free loopback port. `demoData` seeds the
 * demo organization as a first start does; without it only the demo superadmin is made.
 * E2E_STORAGE=s3 keeps uploaded files in a bucket of an s3rver started here instead of the folder.
 * The outbox worker sends messages as on a server. `smtp`: e-mail goes to that SMTP server (else the
 * developer outbox keeps it); `webDist`: serve a web app already built this run.
 */
export async function startE2eApp(
  options: { demoData?: boolean; smtp?: SmtpConfig; webDist?: string; noTextMessages?: boolean } = {},
): Promise<RunningE2eApp> {
  const ownBuild =
    !options.webDist && process.env.E2E_OWN_BUILD
      ? mkdtempSync(path.join(tmpdir(), "votespace-web-"))
      : undefined;
  if (ownBuild) await buildWebInto(ownBuild);
  else if (!options.webDist) await ensureWebBuild();
  // Its start is not a stall (initdb alone held a journey's worker 5-8 s on a loaded machine).
  pauseEventLoopWatch();
  const s3 = process.env.E2E_STORAGE === "s3" ? await startS3() : undefined;
  // Opened as `npm start` opens it, on a data folder of its own: in memory (`new PGlite()`) its
  // files grow by being copied whole (a journey's worker spent 0.3 s of its thread so, the benches
  // saw single copies hold it 200-470 ms).
  const pgliteDir = mkdtempSync(path.join(tmpdir(), "votespace-e2e-db-"));
  const database = await openEmbedded(pgliteDir);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await database.migrate();
  // From here: what holds the app up is noted for a failing run.
  watchPglite(client);
  watchEventLoop();
  const app = await buildApp({
    // demo on (no seed is run here) opens the developer outbox, where journeys read verification codes.
    config: testConfig({
      serveWeb: true,
      demo: true,
      ...(s3 && { storage: s3.config }),
      delivery: {
        email: options.smtp ? { kind: "smtp", ...options.smtp } : { kind: "outbox" },
        // No SMS provider (SMS_PROVIDER unset outside a demo server): Phone is not offered.
        sms: { kind: options.noTextMessages ? "none" : "outbox" },
      },
    }),
    database,
    logger: false,
    limits: generousLimits,
    webDist: ownBuild ?? options.webDist,
  });
  const { clock, config, storage } = app.context;
  await app.listen({ port: 0, host: "127.0.0.1" });
  // Seeded once the app listens: the links in the demo's messages name the origin it listens on.
  if (options.demoData) {
    const origin = app.context.publicOrigin;
    await seedDemoIfEmpty({ db: database.db, clock, secretKey: config.secretKey, storage, origin }, app.log);
  }
  // As on a server started with demo data: the admin portal's demo superadmin (its sign-in page shows it).
  else await createDemoAdmin(database.db, clock, config.secretKey);
  const stopWorker = startElectionWorker(app.context, app.log);
  const stopRoomSweeper = startRoomSweeper(app.context, app.log);
  const stopUploadSweeper = startUploadSweeper(app.context, app.log);
  // Messages leave as on a server: through SMTP when given, else into the developer outbox (its page
  // keeps them on a demo server, where journeys read codes and links).
  const transports = await configuredTransports(config);
  const stopOutbox = startOutboxWorker({ db: database.db, clock, transports, log: app.log });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseURL: `http://localhost:${port}`,
    webDist: ownBuild ?? options.webDist,
    database,
    stop: async () => {
      stopWorker();
      stopRoomSweeper();
      stopUploadSweeper();
      await stopOutbox();
      await closeTransports(transports);
      await app.close();
      await database.close();
      await s3?.stop();
      rmSync(config.dataDir, { recursive: true, force: true });
      rmSync(pgliteDir, { recursive: true, force: true });
      if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
    },
  };
}

/** What an account of a journey's own app was registered with (a voter's or an admin's fields). */
export type AccountInput = {
  full_name: string;
  email: string;
  password: string;
  phone_number?: string;
  id_type?: string;
  id_number?: string;
  organization?: string;
  country?: string;
};

/**
 * An account made through the API of a journey's own app (a voter with a phone and a National ID, or an
 * organization's admin with a new organization), signed in in a browser context of its own.
 */
export async function accountOn(
  app: RunningE2eApp,
  browser: Browser,
  kind: "voters" | "organizations",
  name: string,
  password: string,
): Promise<{ input: AccountInput; ctx: BrowserContext }> {
  const input: AccountInput =
    kind === "voters"
      ? {
          full_name: name,
          email: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}@e2e.votespace.local`,
          password,
          phone_number: "+233 20 555 0000",
          id_type: "National ID",
          id_number: `GHA${randomUUID().slice(0, 8)}`,
        }
      : {
          full_name: name,
          email: `admin-${randomUUID().slice(0, 6)}@e2e.votespace.local`,
          password,
          organization: `Harbour Union ${randomUUID().slice(0, 4)}`,
          country: "Ghana",
        };
  const ctx = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 1280, height: 900 } });
  const made = await ctx.request.post(`/api/accounts/${kind}`, { data: input });
  if (!made.ok()) throw new Error(`registration: ${made.status()} ${await made.text()}`);
  await signInAs(ctx, input);
  return { input, ctx };
}
