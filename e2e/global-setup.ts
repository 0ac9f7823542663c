import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../scripts/chromium";
import { buildWebInto, ensureWebBuild } from "../scripts/web-build";
import { buildApp } from "../server/app";
import { fromPglite } from "../server/db/connect";
import { createDemoAdmin } from "../server/features/admin/accounts";
import { startElectionWorker } from "../server/features/elections/worker";
import { startRoomSweeper } from "../server/features/rooms/sweeper";
import { startUploadSweeper } from "../server/features/uploads/sweeper";
import { generousLimits, testConfig } from "../server/test/config";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

/** Once per run: Chromium found (or installed), the web app built, and the real app serving it on a fresh database. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  // E2E_OWN_BUILD=1 builds into a folder of this run's own, so runs beside other work never share web/dist.
  const ownBuild = process.env.E2E_OWN_BUILD ? mkdtempSync(path.join(tmpdir(), "votespace-web-")) : undefined;
  if (ownBuild) await buildWebInto(ownBuild);
  else await ensureWebBuild();
  const database = fromPglite(new PGlite());
  await database.migrate();
  const app = await buildApp({
    // demo on (no seed is run here) opens the developer outbox, where journeys read verification codes.
    config: testConfig({ serveWeb: true, demo: true }),
    database,
    logger: false,
    limits: generousLimits,
    webDist: ownBuild,
  });
  // As on a server started with demo data: the admin portal's demo superadmin (its sign-in page shows it).
  await createDemoAdmin(database.db, app.context.clock, app.context.config.secretKey);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const stopWorker = startElectionWorker(app.context, app.log);
  const stopRoomSweeper = startRoomSweeper(app.context, app.log);
  const stopUploadSweeper = startUploadSweeper(app.context, app.log);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("baseURL", `http://localhost:${port}`);
  project.provide("chromiumPath", chromiumPath);
  return async () => {
    stopWorker();
    stopRoomSweeper();
    stopUploadSweeper();
    await app.close();
    await database.close();
    if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
  };
}
