import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Request,
} from "playwright-core";
import { inject, type TestContext } from "vitest";
import type { RegisterOrganizationInput, RegisterVoterInput } from "../contract/accounts";
import type { QuestionInput } from "../contract/ballots/question";
import type { Channel } from "../contract/channels";
import type { Election } from "../contract/elections";
import { CHROMIUM_ARGS } from "../scripts/chromium";
import { apiJson, axeViolations, settle, signedIn, signInAs } from "./browser";
import { noteStall } from "./stalls";

export { apiJson, signedIn, signInAs };

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

/** The browsers this file launched, for what their pages showed when a test failed. */
const launched = new Set<Browser>();

/**
 * Chromium's headless shell, or with `kind` "full" the full browser (scripts/chromium.ts says when),
 * with V8 in its lite mode: no optimizing compiler, whose work on pages that live seconds cost more
 * than it saved (Chromium's CPU for a signed-in load, an axe run and a second screen: 15 % less,
 * 5 pairs of runs here). What the JavaScript does is the same.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  kind: "shell" | "full" = "shell",
): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: inject(kind === "full" ? "fullChromiumPath" : "chromiumPath"),
    args: [...CHROMIUM_ARGS, "--js-flags=--lite-mode", ...extraArgs],
  });
  launched.add(browser);
  browser.on("disconnected", () => launched.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchRequests(await newContext(options));
  return browser;
}

/** Each page's requests still unanswered, with when they were sent: what a stuck screen waits for. */
const unanswered = new WeakMap<Page, Map<Request, number>>();

async function watchRequests(context: BrowserContext): Promise<BrowserContext> {
  // The network changes the page was told of, for a stuck screen's line (photographFailure).
  await context.addInitScript(() => {
    const seen = window as unknown as { networkEvents?: string[] };
    for (const type of ["offline", "online"])
      addEventListener(type, () => {
        seen.networkEvents = [...(seen.networkEvents ?? []), type];
      });
  });
  const pageOf = (request: Request) => (request.serviceWorker() ? null : request.frame().page());
  context.on("request", (request) => {
    const page = pageOf(request);
    if (!page) return;
    const requests = unanswered.get(page) ?? new Map<Request, number>();
    unanswered.set(page, requests.set(request, Date.now()));
  });
  const answered = (request: Request) => {
    const page = pageOf(request);
    if (page) unanswered.get(page)?.delete(request);
  };
  context.on("requestfinished", answered);
  context.on("requestfailed", answered);
  return context;
}

/** A page's unanswered requests as a log line: method, path (no query: it may carry a token), age. */
function waitingFor(page: Page): string {
  const now = Date.now();
  return [...(unanswered.get(page) ?? [])]
    .map(([request, sent]) => `${request.method()} ${new URL(request.url()).pathname} ${now - sent} ms`)
    .join(", ");
}

/**
 * When a journey fails, what each page still open showed: a screenshot (e2e/screenshots/failed-…)
 * and, in the log, its path (no query: it may carry a token), its headings and its alerts and
 * statuses. A waitFor that timed out then says what was on the screen instead. Run after each
 * journey by e2e/setup.ts (a setup file runs for every file; this module loads once per worker).
 */
export async function photographFailure({ task }: TestContext): Promise<void> {
  if (task.result?.state !== "fail") return;
  const pages = [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  for (const [index, page] of pages.entries()) {
    const name = `failed-${task.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 60)}-${index}`;
    try {
      await page.screenshot({ path: path.join(screenshots, `${name}.png`), timeout: 5_000 });
      const shown = await page
        .locator("h1, h2, [role=alert], [role=status]")
        .evaluateAll((elements) => elements.map((e) => e.textContent?.trim().slice(0, 120)).filter(Boolean));
      const network = await page.evaluate(() => {
        const events = (window as unknown as { networkEvents?: string[] }).networkEvents ?? [];
        return `${navigator.onLine ? "online" : "offline"}${events.length ? ` after ${events.join(", ")}` : ""}`;
      });
      const line = `[${name}] ${new URL(page.url()).pathname}: ${JSON.stringify(shown)}; waiting for: ${waitingFor(page) || "nothing"}; ${network}`;
      console.log(line);
      noteStall(line);
    } catch {
      // A page closing as the test ends shows nothing.
    }
  }
}

export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, ...options });
  return { context, page: await context.newPage() };
}

const screenshots = path.resolve(import.meta.dirname, "screenshots");
/** Whether shot() saves pictures (E2E_SCREENSHOTS=on): a helper that only stages a picture skips its work without. */
export const takingShots = process.env.E2E_SCREENSHOTS === "on";

/**
 * With E2E_SCREENSHOTS=on, saves a screenshot under e2e/screenshots/ to look at: a page whole, or one
 * element. Off by default: the pictures are for a person (as scripts/screenshots.ts's walk is), and a
 * run's 350 cost Chromium about 75 s of CPU on a suite that is CPU-bound. What a journey checks
 * does not depend on them; a failing journey is photographed either way (photographFailure).
 */
export function shot(target: Page | Locator, name: string): Promise<void> {
  return keep(`${name}.png`, () =>
    "goto" in target ? target.screenshot({ fullPage: true }) : target.screenshot(),
  );
}

/** With E2E_SCREENSHOTS=on, keeps a journey's other artefact (a report, a printed PDF) beside its screenshots. */
export async function keep(name: string, contents: string | (() => Promise<Buffer>)): Promise<void> {
  if (!takingShots) return;
  mkdirSync(screenshots, { recursive: true });
  writeFileSync(path.join(screenshots, name), typeof contents === "string" ? contents : await contents());
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
    password: "vs-secret12",
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
    password: "vs-secret12",
    organization: `Union ${randomUUID().slice(0, 6)}`,
    country: "Ghana",
    ...overrides,
  };
  await post("/api/accounts/organizations", input);
  return input;
}

/** A date n days from today as YYYY-MM-DD. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * An organization and a voter who joined it, each signed in in their own browser context:
 * `organization` and `voter` are what the accounts are registered with.
 */
export async function organizationWithVoter(
  browser: Browser,
  accounts: { organization?: Partial<RegisterOrganizationInput>; voter?: Partial<RegisterVoterInput> } = {},
  contextOptions: BrowserContextOptions = {},
) {
  const ownerAccount = await registerOrganization(accounts.organization);
  const voterAccount = await registerVoter(accounts.voter);
  const owner = await newPage(browser, contextOptions);
  await signInAs(owner.context, ownerAccount);
  const voter = await newPage(browser, contextOptions);
  await signInAs(voter.context, voterAccount);
  const { current_id: organizationId } = await apiJson<{ current_id: string }>(
    owner.context,
    "GET",
    "/api/organizations/mine",
  );
  await apiJson(voter.context, "POST", `/api/organizations/${organizationId}/join`);
  return { ownerAccount, voterAccount, owner, voter, organizationId };
}

/** Two candidates for president, as the journeys' elections have them. */
export const PRESIDENTS = [
  { name: "Ama Serwaa", party: "Progress Party" },
  { name: "Kojo Mensah", party: "Unity Alliance" },
];

/**
 * An election channel with one race for president between `candidates` (and any other `questions`),
 * from tomorrow for three days; its election is upcoming.
 */
export async function electionChannel(
  owner: BrowserContext,
  organizationId: string,
  name: string,
  candidates: { name: string; party: string }[],
  questions: QuestionInput[] = [],
): Promise<{ channel: Channel; election: Election }> {
  const { channel } = await apiJson<{ channel: Channel }>(owner, "POST", "/api/channels", {
    organization_id: organizationId,
    name,
    type: "election",
    voting_settings: {
      startDate: day(1),
      endDate: day(3),
      candidates: candidates.map((candidate) => ({
        ...candidate,
        position: "president",
        image: "/favicon.svg",
      })),
      ...(questions.length > 0 && { questions }),
    },
  });
  const election = await apiJson<Election>(owner, "GET", `/api/channels/${channel.id}/election`);
  return { channel, election };
}

/** The same, with its election opened: voters can vote now (`election` is as it was before opening). */
export async function openElection(
  ...args: Parameters<typeof electionChannel>
): Promise<{ channel: Channel; election: Election }> {
  const created = await electionChannel(...args);
  await apiJson(args[0], "POST", `/api/elections/${created.election.id}/open`);
  return created;
}

/**
 * On the Cast Vote tab: marks the candidates named, presses Submit Vote and passes National ID
 * verification. Returns the dialog, which then closes and hands the grant to the cast.
 */
export async function voteWithNationalId(page: Page, idNumber: string, choices: string[]) {
  for (const name of choices) await page.getByRole("radio", { name: new RegExp(name) }).check();
  await page.getByRole("button", { name: "Submit Vote" }).click();
  const dialog = page.getByRole("dialog", { name: "Voter Verification" });
  await dialog.getByRole("radio", { name: /National ID/ }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("National ID Number").fill(idNumber);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await dialog.getByText("Identity verified").waitFor();
  return dialog;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds for the value `read` gives, or fails with the last value seen. */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await pause(250);
    value = await read();
  }
  return value;
}

/**
 * axe-core's serious and critical findings on the page as it is, each as "[screen] rule: nodes"
 * (the page's context needs `bypassCSP: true`: axe is injected as an inline script).
 */
export async function axeFindings(page: Page, screen: string): Promise<string[]> {
  await settle(page);
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `[${screen}] ${v.rule}: ${v.nodes.join(", ")}`);
}
