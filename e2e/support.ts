import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import type { RegisterOrganizationInput, RegisterVoterInput } from "../contract/accounts";
import { CHROMIUM_ARGS } from "../scripts/chromium";

export const baseURL = inject("baseURL");

/**
 * Fake camera, microphone and screen, granted without asking, and WebRTC between browsers on
 * this machine (the room journeys): `launchBrowser(FAKE_MEDIA_ARGS)`.
 */
export const FAKE_MEDIA_ARGS = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  "--allow-loopback-in-peer-connection",
  "--autoplay-policy=no-user-gesture-required",
];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: inject("chromiumPath"), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  return { context, page: await context.newPage() };
}

const screenshots = path.resolve(import.meta.dirname, "screenshots");

/** Saves a full-page screenshot under e2e/screenshots/ to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

export const email = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@e2e.votespace.local`;

async function post(url: string, body: unknown): Promise<Response> {
  const response = await fetch(`${baseURL}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Accounts are made through the API: the journeys spend their time on what they test. */
export async function registerVoter(overrides: Partial<RegisterVoterInput> = {}) {
  const input = {
    full_name: "Esi Voter",
    email: email("voter"),
    password: "secret123",
    phone_number: "+233 20 555 0000",
    id_type: "National ID" as const,
    id_number: `GHA${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
  await post("/api/accounts/voters", input);
  return input;
}

export async function registerOrganization(overrides: Partial<RegisterOrganizationInput> = {}) {
  const input = {
    full_name: "Kofi Admin",
    email: email("admin"),
    password: "secret123",
    organization: `Union ${randomUUID().slice(0, 6)}`,
    country: "Ghana",
    ...overrides,
  };
  await post("/api/accounts/organizations", input);
  return input;
}

/** Signs the browser context in through the API (its cookie jar gets the session). */
export async function signInAs(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post("/api/session", {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
