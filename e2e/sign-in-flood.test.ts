import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebInto } from "../scripts/web-build";
import { buildApp } from "../server/app";
import { defaultLimits } from "../server/context";
import { type Database, fromPglite } from "../server/db/connect";
import { testConfig } from "../server/test/config";
import { email, launchBrowser, shot } from "./support";

/**
 * An app of this journey's own, with the production limits (the shared one runs generous limits),
 * so that a guessing flood meets the real throttle. The flood comes through inject() with
 * addresses of its own; the browser signs in from 127.0.0.1, an address that never guessed.
 */
let app: FastifyInstance;
let database: Database;
let appUrl: string;
let browser: Browser;
let ownBuild: string | undefined;

beforeAll(async () => {
  if (process.env.E2E_OWN_BUILD) {
    ownBuild = mkdtempSync(path.join(tmpdir(), "votespace-web-flood-"));
    await buildWebInto(ownBuild);
  }
  database = fromPglite(new PGlite());
  await database.migrate();
  app = await buildApp({
    config: testConfig({ serveWeb: true }),
    database,
    logger: false,
    // The production limits, with the per-account delay scaled down so the journey stays short.
    limits: { ...defaultLimits, guessDelay: { stepMs: 20, maxMs: 200 } },
    webDist: ownBuild,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  appUrl = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
});

const guess = (account: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email: account, password: "guess-a-pw" },
    remoteAddress,
  });

describe("a guessing flood from many addresses", () => {
  it("never locks the owner out: from a fresh address the right password signs in while the flood goes on", async () => {
    const voter = {
      full_name: "Ama Owner",
      email: email("flooded"),
      password: "akwaaba-77",
      phone_number: "+233 20 555 0177",
      id_number: "GHA-FLOOD-1",
    };
    const registered = await app.inject({ method: "POST", url: "/api/accounts/voters", payload: voter });
    expect(registered.statusCode).toBe(201);

    // Far more wrong guesses than the account's free ten, each from an address of its own...
    let sent = 0;
    const statuses = new Set<number>();
    for (; sent < 30; sent++) statuses.add((await guess(voter.email, `198.51.100.${sent + 1}`)).statusCode);
    expect([...statuses]).toEqual([401]);
    // ...and it goes on while the owner signs in.
    let flooding = true;
    const flood = (async () => {
      while (flooding && sent < 200) {
        sent++;
        await guess(voter.email, `203.0.${Math.floor(sent / 250)}.${(sent % 250) + 1}`);
      }
    })();

    const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    try {
      await page.goto("/signin");
      await page.getByLabel("Email").fill(voter.email);
      await page.getByLabel("Password").fill(voter.password);
      const answered = page.waitForResponse(
        (r) => r.url().endsWith("/api/session") && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Sign In" }).click();
      // Slowed (at most the throttle's cap), never refused.
      expect((await answered).status()).toBe(200);
      await page.waitForURL((url) => url.pathname === "/member");
      await page.getByText("Ama Owner").first().waitFor();
      // The home pane (a lazy chunk) has arrived.
      await page.getByRole("main").getByRole("heading", { name: "No Organization" }).waitFor();
      await shot(page, "signin-under-guessing-flood");
    } finally {
      flooding = false;
      await flood;
      await context.close();
    }
    expect(sent).toBeGreaterThan(30);
  }, 240_000);
});
