import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { webDist } from "../server/http/web";
import { accountOn, type RunningE2eApp, startE2eApp } from "./app";
import { launchBrowser, shot } from "./support";

/**
 * A page open while a new release is installed: the parts it had not loaded yet are gone from the
 * server (their files are named by their contents), so opening another screen fails to load it.
 * The page says Votespace was updated, with Reload, not that the reader's connection failed.
 */
let browser: Browser;
let app: RunningE2eApp;
const served = mkdtempSync(path.join(tmpdir(), "votespace-release-"));
beforeAll(async () => {
  cpSync(inject("webDist") ?? webDist, served, { recursive: true });
  app = await startE2eApp({ webDist: served });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(served, { recursive: true, force: true });
});

describe("a new release installed while a page is open", () => {
  it("says Votespace was updated when a screen's part is gone, and Reload brings the screen", async () => {
    const voter = await account();
    const page = await voter.ctx.newPage();
    await page.goto("/member");
    await page.getByRole("link", { name: "Voter Profile" }).waitFor();
    await page.waitForLoadState("networkidle");
    // The release: every part this page has not loaded is replaced (here, removed).
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    const assets = path.join(served, "assets");
    const kept = readdirSync(assets).filter((file) =>
      loaded.some((url) => url.startsWith(`/assets/${file.split(".")[0]}`)),
    );
    const removed = readdirSync(assets).filter((file) => !kept.includes(file));
    expect(removed.length).toBeGreaterThan(0);
    const old = mkdtempSync(path.join(tmpdir(), "votespace-old-"));
    for (const file of removed) cpSync(path.join(assets, file), path.join(old, file));
    for (const file of removed) rmSync(path.join(assets, file));

    await page.getByRole("link", { name: "Voter Profile" }).click();
    const said = page.getByRole("alert");
    await said.getByText("Votespace was updated").waitFor();
    await shot(page, "new-release-updated");
    expect(await said.textContent()).not.toContain("Check your connection");

    // The new release is in place: Reload opens the screen.
    for (const file of removed) cpSync(path.join(old, file), path.join(assets, file));
    rmSync(old, { recursive: true, force: true });
    await said.getByRole("button", { name: "Reload" }).click();
    await page.getByRole("heading", { name: "Voter Profile" }).waitFor();
  });
});

const account = () => accountOn(app, browser, "voters", "Akosua Reader", "vs-secret12");
