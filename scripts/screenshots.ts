import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { type Channel, channelPath } from "../contract/channels";
import type { Election } from "../contract/elections";
import { startE2eApp } from "../e2e/app";
import { apiJson, settle, signInAs, takeOverDemoAccount } from "../e2e/browser";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";

/**
 * A screenshot walk for before/after comparisons: a full-page PNG of every main screen of the spec
 * for each role, named by screen, at 1280x800 and a few at 390 px wide.
 *
 *   npx tsx scripts/screenshots.ts <out-dir> [base-url]
 *
 * Without base-url it starts the app as the browser journeys do (e2e/app.ts), on a fresh data
 * folder with the demo data. A base-url must be a demo server on this machine (`npm start` on a
 * first start): the walk sets the demo accounts' passwords through the developer outbox's reset
 * links, and signs the platform admin in with the demo credentials its sign-in page offers.
 */

const PASSWORD = "shots-9876";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ADMIN = "admin@demo.votespace.local";
// Lucia has not voted in the open by-election: its Cast Vote tab shows the ballot.
const VOTER = "lucia@demo.votespace.local";

interface Walk {
  browser: Browser;
  baseURL: string;
  outDir: string;
  saved: string[];
}

async function open(walk: Walk, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await walk.browser.newContext({ baseURL: walk.baseURL, viewport });
  return { context, page: await context.newPage() };
}

async function save(walk: Walk, page: Page, name: string): Promise<void> {
  await settle(page);
  const file = `${name}.png`;
  await page.screenshot({ path: path.join(walk.outDir, file), fullPage: true });
  walk.saved.push(file);
  console.log(`  ${file}`);
}

/** Goes to `url`, waits for `ready` (when given) and the screen to settle, and saves it. */
async function visit(
  walk: Walk,
  page: Page,
  name: string,
  url: string,
  ready?: (page: Page) => Promise<unknown>,
) {
  await page.goto(url);
  if (ready) await ready(page);
  await save(walk, page, name);
}

async function takeOver(walk: Walk, email: string): Promise<void> {
  const { context } = await open(walk);
  try {
    await takeOverDemoAccount(context, email, PASSWORD);
  } finally {
    await context.close();
  }
}

async function signedIn(walk: Walk, email: string, viewport = DESKTOP) {
  const session = await open(walk, viewport);
  await signInAs(session.context, { email, password: PASSWORD });
  return session;
}

async function demoWorld(walk: Walk) {
  await takeOver(walk, ADMIN);
  await takeOver(walk, VOTER);
  const { context } = await signedIn(walk, ADMIN);
  const { current_id: organizationId } = await apiJson<{ current_id: string }>(
    context,
    "GET",
    "/api/organizations/mine",
  );
  const { invite_code: inviteCode } = await apiJson<{ invite_code: string }>(
    context,
    "GET",
    `/api/organizations/${organizationId}`,
  );
  const { channels } = await apiJson<{ channels: Channel[] }>(
    context,
    "GET",
    `/api/organizations/${organizationId}/channels`,
  );
  const named = (name: string) => {
    const channel = channels.find((c) => c.name === name);
    if (!channel) throw new Error(`the demo has no channel ${name}`);
    return channel;
  };
  const text = channels.find((c) => c.type === "text" && !c.is_private) ?? named("announcements");
  const ballot = named("senate-by-election");
  const election = await apiJson<Election>(context, "GET", `/api/channels/${ballot.id}/election`);
  await context.close();
  return {
    inviteCode,
    text,
    ballot,
    election,
    airing: named("town-hall"),
    live: named("debate-night"),
    upcoming: named("council-election"),
  };
}

type World = Awaited<ReturnType<typeof demoWorld>>;

async function signedOut(walk: Walk, world: World) {
  const { context, page } = await open(walk);
  await visit(walk, page, "public-landing", "/");
  for (const name of ["features", "solutions", "resources", "business", "programs"])
    await visit(walk, page, `public-${name}`, `/${name}`);
  await visit(walk, page, "public-signin", "/signin");
  await visit(walk, page, "public-signup", "/signup");
  await visit(walk, page, "public-forgot-password", "/forgot-password");
  await visit(walk, page, "invite", `/join/${world.inviteCode}`, (p) =>
    p.getByRole("button").first().waitFor(),
  );
  await visit(walk, page, "bulletin-board", `/elections/${world.election.id}/bulletin`);
  await context.close();
}

/** Signs in and saves the area's home and the text channel: `<prefix>-home`, `<prefix>-text-channel`. */
async function workspace(walk: Walk, world: World, area: "member" | "organization", viewport = DESKTOP) {
  const prefix = `${viewport === PHONE ? "phone-" : ""}${area === "member" ? "voter" : "admin"}`;
  const session = await signedIn(walk, area === "member" ? VOTER : ADMIN, viewport);
  const at = (channel: Channel) => channelPath(area, channel);
  await visit(walk, session.page, `${prefix}-home`, `/${area}`);
  await visit(walk, session.page, `${prefix}-text-channel`, at(world.text), (p) =>
    p.locator("article").first().waitFor(),
  );
  return { ...session, at };
}

async function voter(walk: Walk, world: World) {
  const { context, page, at } = await workspace(walk, world, "member");
  await visit(walk, page, "voter-election-overview", at(world.ballot));
  for (const [tab, name] of [
    ["Cast Vote", "cast-vote"],
    ["Results", "results"],
    ["Voters", "voters"],
  ]) {
    await page.getByRole("tab", { name: tab }).click();
    await save(walk, page, `voter-election-${name}`);
  }
  await visit(walk, page, "voter-election-upcoming", at(world.upcoming));
  await visit(walk, page, "voter-airing-channel", at(world.airing));
  await visit(walk, page, "voter-live-channel", at(world.live));
  await visit(walk, page, "voter-settings", "/member/settings");
  await visit(walk, page, "voter-profile", "/voters");
  await visit(walk, page, "voter-card", "/voters/card");
  await visit(walk, page, "voter-search-organizations", "/member/search-organizations");
  await visit(walk, page, "voter-results-page", "/member/election-results");
  await context.close();
}

async function organizationAdmin(walk: Walk, world: World) {
  const { context, page, at } = await workspace(walk, world, "organization");
  await visit(walk, page, "admin-election-channel", at(world.ballot));
  await visit(walk, page, "admin-create-channel", "/organization/create-channel");
  await page.goto("/organization");
  await page
    .getByRole("region", { name: "Text Channels" })
    .getByRole("button", { name: `Options for ${world.text.name}` })
    .click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await page.getByRole("dialog").waitFor();
  await save(walk, page, "admin-channel-settings-dialog");
  await visit(walk, page, "admin-monitoring", "/organization/monitoring");
  await visit(walk, page, "admin-organization-profile", "/organization/profile");
  await visit(walk, page, "admin-settings", "/organization/settings");
  await visit(walk, page, "admin-results-page", "/organization/election-results");
  await context.close();
}

async function platformAdmin(
  walk: Walk,
  viewport = DESKTOP,
  tabs = ["overview", "organizations", "members", "monitoring", "audit"],
) {
  const { context, page } = await open(walk, viewport);
  const prefix = viewport === DESKTOP ? "platform" : "phone-platform";
  await visit(walk, page, `${prefix}-signin`, "/admin/signin");
  await page.getByRole("button", { name: "Use demo credentials" }).click();
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  for (const tab of tabs) await visit(walk, page, `${prefix}-${tab}`, `/admin/dashboard?tab=${tab}`);
  await context.close();
}

/** A few screens at a phone's width. */
async function phone(walk: Walk, world: World) {
  const guest = await open(walk, PHONE);
  await visit(walk, guest.page, "phone-public-landing", "/");
  await visit(walk, guest.page, "phone-public-signin", "/signin");
  await guest.context.close();
  const { context, page, at } = await workspace(walk, world, "member", PHONE);
  await visit(walk, page, "phone-voter-election", at(world.ballot));
  await context.close();
  await platformAdmin(walk, PHONE, ["overview"]);
}

async function main() {
  const [outArgument, baseArgument] = process.argv.slice(2);
  if (!outArgument) {
    console.error("usage: npx tsx scripts/screenshots.ts <out-dir> [base-url]");
    process.exit(2);
  }
  const outDir = path.resolve(outArgument);
  mkdirSync(outDir, { recursive: true });
  const app = baseArgument ? undefined : await startE2eApp({ demoData: true });
  const baseURL = baseArgument ?? app?.baseURL ?? "";
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const walk: Walk = { browser, baseURL, outDir, saved: [] };
  try {
    console.log(`Screens of ${baseURL} into ${outDir}:`);
    const world = await demoWorld(walk);
    await signedOut(walk, world);
    await voter(walk, world);
    await organizationAdmin(walk, world);
    await platformAdmin(walk);
    await phone(walk, world);
    console.log(`${walk.saved.length} screenshots saved.`);
  } finally {
    await browser.close();
    await app?.stop();
  }
}

await main();
