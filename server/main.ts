import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app";
import { type Config, ConfigError, isLoopbackHost, loadConfig } from "./config";
import { type Database, openConfigured } from "./db/connect";
import { DataDirLockedError } from "./db/lock";
import { startEmbeddedVacuum } from "./db/vacuum";
import { seedDemoIfEmpty } from "./features/demo/seed";
import { startElectionWorker } from "./features/elections/worker";
import { ensureInitialAdmin } from "./features/platform-admin/accounts";
import type { RunningJanus } from "./features/rooms/media/janus/launcher";
import { planJanus, startPlannedJanus } from "./features/rooms/media/janus/startup";
import { startRoomSweeper } from "./features/rooms/sweeper";
import { startUploadSweeper } from "./features/uploads/sweeper";
import { systemClock } from "./lib/clock";
import { closeTransports, configuredTransports } from "./lib/outbox/configured";
import { startOutboxWorker } from "./lib/outbox/worker";
import { pruneRateLimits } from "./lib/rate-limit";
import { markPhase } from "./lib/startup-phases";

/**
 * Process entry: config, database, migrations, demo data, listen; closes cleanly on a signal.
 * `beforeApp` is awaited once the database is open, before the app is built (`npm start` checks
 * and builds the web app meanwhile).
 */
export async function main(options: { beforeApp?: () => Promise<void> } = {}): Promise<void> {
  markPhase("imported");
  // A handle that keeps libuv's loop running until the server listens. Without one, the loop finds
  // nothing to wait for while PGlite compiles its WebAssembly (V8's threads, not libuv's), and Node
  // then waits for every background task of V8 (the compilations that follow) before it runs
  // another libuv callback: each file read of the start waited up to half a second for them.
  const holdLoop = setInterval(() => {}, 60_000);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // JANUS=auto without Janus installed falls back to the mesh before the app is built.
  const janusPlan = planJanus(config);
  config = janusPlan.config;

  let database: Database;
  let release: () => void;
  try {
    ({ database, release } = await openConfigured(config, config.poolSize));
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  markPhase("database open");
  await database.migrate();
  markPhase("migrations checked");
  await options.beforeApp?.();
  markPhase("web build checked");
  const app = await buildApp({ config, database });
  markPhase("app built");
  for (const warning of config.warnings ?? []) app.log.warn(warning);
  let janus: RunningJanus | undefined;
  try {
    janus = await startPlannedJanus(janusPlan, app.log);
  } catch (error) {
    await app.close();
    await database.close();
    release();
    fail(`${(error as Error).message}\nSet JANUS=off to use the browser-to-browser mesh instead.`);
  }
  // Before the demo data: its superadmin would otherwise count as the first admin, and the one
  // ADMIN_USERNAME names would never be made.
  const admin = await ensureInitialAdmin(database.db, systemClock, config.initialAdmin);
  if (admin)
    app.log.info({ username: admin }, "platform admin created from ADMIN_USERNAME and ADMIN_PASSWORD");
  if (config.demo) {
    const { storage, publicOrigin: origin } = app.context;
    await seedDemoIfEmpty(
      { db: database.db, clock: systemClock, secretKey: config.secretKey, storage, origin },
      app.log,
    );
    warnDemo(config, app.log);
  }
  markPhase("demo data checked");

  const stopWorker = startElectionWorker(app.context, app.log);
  const stopRoomSweeper = startRoomSweeper(app.context, app.log);
  const stopUploadSweeper = startUploadSweeper(app.context, app.log);
  const transports = await configuredTransports(config);
  const stopOutbox = startOutboxWorker({ db: database.db, clock: systemClock, transports, log: app.log });
  const stopVacuum = startEmbeddedVacuum(database, app.log);
  const maintenance = setInterval(() => {
    pruneRateLimits(database.db, systemClock).catch((error) =>
      app.log.warn({ err: error }, "maintenance failed"),
    );
  }, 3_600_000);
  maintenance.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(maintenance);
    stopWorker();
    stopRoomSweeper();
    stopUploadSweeper();
    stopVacuum();
    const outboxStopped = stopOutbox();
    await app.close();
    await outboxStopped;
    await closeTransports(transports);
    await janus?.stop();
    await database.close();
    release();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  markPhase("workers started");
  await app.listen({ port: config.port, host: config.host });
  clearInterval(holdLoop);
  markPhase("listening");
  // The port bound, which PORT=0 leaves to the system.
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    `Votespace is running on http://localhost:${port} (database: ${database.kind === "pglite" ? `embedded, ${config.dataDir}` : "PostgreSQL server"})`,
  );
}

/** A demo server says so loudly: what it shows, to whom, and how to turn it off. */
function warnDemo(config: Config, log: FastifyBaseLogger): void {
  log.warn(
    "DEMO MODE: demo data, the developer outbox (/dev/outbox: every verification code and reset link) and the demo platform admin's password are shown to requests from this machine only. Never use a demo server for a real election; set DEMO=off.",
  );
  if (config.publicUrl || !isLoopbackHost(config.host)) {
    log.warn(
      `DEMO=on on a server that faces the network (${config.publicUrl ? `PUBLIC_URL ${config.publicUrl}` : `HOST ${config.host}`}): anyone can sign in with the demo accounts.`,
    );
  }
}

function fail(message: string): never {
  console.error(`\nVotespace cannot start.\n${message}\n`);
  process.exit(1);
}
