import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { axeViolations, settle } from "./browser";
import {
  apiJson,
  baseURL,
  launchBrowser,
  openElection,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
} from "./support";

/**
 * axe-core on every main screen, as each role sees it: signed out, voter, organization admin and
 * platform admin. Any serious or critical violation fails, and so does a screen without exactly
 * one h1 or with content outside every landmark (axe counts those best practices; we hold them).
 * Beside them, what axe cannot see: the focus comes back to a dialog's opener, a switch's label
 * toggles it, a message's actions are one tab stop, and no status line comes into a page already
 * holding its words (axeViolations adds unnamed tables and nested landmarks of one name).
 */

/** Moderate rules we hold as well: every menu, control and tooltip inside a landmark; no heading level skipped. */
const HELD = new Set(["region", "heading-order"]);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A context whose pages may take axe's script: the app's CSP allows only its own scripts. */
async function auditPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 860 },
    bypassCSP: true,
  });
  contexts.push(context);
  await context.addInitScript(watchStatusLines);
  return { context, page: await context.newPage() };
}

/**
 * Runs in every page: notes each status line (role="status") that came into the page already
 * holding its words, which screen readers often do not read: a status line is made empty and filled
 * after (ui/Status), or stays in the page and changes. An aria-live count or title (the calendar's
 * month, "3 organization(s) found") is left alone: its first words come with the screen, as part of
 * it, and only its changes are news.
 */
function watchStatusLines() {
  const LIVE = '[role="status"]';
  const born: string[] = [];
  (window as unknown as { bornFull: string[] }).bornFull = born;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const regions = [...(node.matches(LIVE) ? [node] : []), ...node.querySelectorAll(LIVE)];
        for (const region of regions)
          if (region.textContent?.trim())
            born.push(`${region.outerHTML.slice(0, 100)}: ${region.textContent.trim()}`);
      }
  }).observe(document, { childList: true, subtree: true });
}

/** The status lines the page made already holding their words since the last look (watchStatusLines). */
const bornFull = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const born = (window as unknown as { bornFull?: string[] }).bornFull ?? [];
    return born.splice(0);
  });

/** Runs axe on the page as it stands; returns the serious and critical violations, and a missing or second h1. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  await shot(page, `a11y-${screen}`);
  const violations = await axeViolations(page);
  const findings: Finding[] = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || HELD.has(v.rule))
    .map((v) => ({ screen, ...v }));
  const full = await bornFull(page);
  if (full.length > 0)
    findings.push({
      screen,
      rule: "status-born-full",
      impact: "serious",
      help: "A status line exists before its words",
      nodes: full,
    });
  const headings = await page.locator("h1").count();
  if (headings !== 1)
    findings.push({ screen, rule: "one-h1", impact: "serious", help: `${headings} h1 elements`, nodes: [] });
  return findings;
}

const readable = (findings: Finding[]) =>
  findings
    .map(
      (f) => `[${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n${f.nodes.map((n) => `    ${n}`).join("\n")}`,
    )
    .join("\n");

async function visit(page: Page, screen: string, url: string, ready?: (page: Page) => Promise<unknown>) {
  await page.goto(url);
  if (ready) await ready(page);
  return audit(page, screen);
}

/** The world: an organization with a voter, a text, an airing and an election channel. */
async function world() {
  const ownerAccount = await registerOrganization({ full_name: "Kofi Admin" });
  const voterAccount = await registerVoter({ full_name: "Esi Voter" });
  const admin = await auditPage();
  await signInAs(admin.context, ownerAccount);
  const voter = await auditPage();
  await signInAs(voter.context, voterAccount);
  const { current_id: organizationId } = await apiJson<{ current_id: string }>(
    admin.context,
    "GET",
    "/api/organizations/mine",
  );
  await apiJson(voter.context, "POST", `/api/organizations/${organizationId}/join`);
  const { invite_code: inviteCode } = await apiJson<{ invite_code: string }>(
    admin.context,
    "GET",
    `/api/organizations/${organizationId}`,
  );
  const channel = async (name: string, type: "text" | "airing") =>
    (
      await apiJson<{ channel: Channel }>(admin.context, "POST", "/api/channels", {
        organization_id: organizationId,
        name,
        type,
      })
    ).channel;
  const general = await channel("town-hall", "text");
  const hello = await apiJson<{ id: string }>(voter.context, "POST", `/api/channels/${general.id}/posts`, {
    content: "Hello, everyone",
  });
  // The message carries the Like's heart and emoji reaction chips, audited with the screen.
  for (const path of [
    `/api/posts/${hello.id}/like`,
    `/api/posts/${hello.id}/reactions/${encodeURIComponent("🎉")}`,
  ]) {
    const done = await admin.context.request.put(path);
    if (!done.ok()) throw new Error(`${path} answered ${done.status()}`);
  }
  const stage = await channel("radio", "airing");
  // Muted by the voter: its quieter name is audited in the sidebar, and as the channel open.
  await apiJson(voter.context, "PUT", `/api/channels/${stage.id}/preferences`, { mute: null });
  const { channel: ballot, election } = await openElection(admin.context, organizationId, "board-vote", [
    { name: "Ama Owusu", party: "Progress Party" },
    { name: "Yaw Boateng", party: "Unity Alliance" },
  ]);
  return { admin, voter, voterEmail: voterAccount.email, inviteCode, general, stage, ballot, election };
}

const at = (area: string, c: { id: string; name: string; type: string }) =>
  `/${area}/${c.type}?channelId=${c.id}&channelName=${c.name}`;

const TIMEOUT = 240_000;

describe("accessibility (axe-core): no serious or critical violation, one h1", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, TIMEOUT);

  it("signed out", { timeout: TIMEOUT }, async () => {
    const { page } = await auditPage();
    const findings = [
      ...(await visit(page, "landing", "/")),
      ...(await visit(page, "signin", "/signin")),
      ...(await visit(page, "signup", "/signup")),
      ...(await visit(page, "forgot-password", "/forgot-password")),
      ...(await visit(page, "invite", `/join/${w.inviteCode}`, (p) =>
        p.getByRole("button").first().waitFor(),
      )),
      ...(await visit(page, "bulletin", `/elections/${w.election.id}/bulletin`)),
      ...(await visit(page, "admin-signin", "/admin/signin")),
    ];
    // The developer outbox (a demo or test server's, read from this machine): a message with a link
    // in its text, which was told apart by its colour alone (axe link-in-text-block).
    const reset = await page.request.post("/api/password-resets", { data: { email: w.voterEmail } });
    expect(reset.ok()).toBe(true);
    findings.push(
      ...(await visit(page, "dev-outbox", "/dev/outbox", (p) => p.locator("pre a").first().waitFor())),
    );
    expect(findings, `accessibility violations:\n${readable(findings)}`).toEqual([]);
  });

  it("as a voter of no organization yet", { timeout: TIMEOUT }, async () => {
    const { context, page } = await auditPage();
    await signInAs(context, await registerVoter({ full_name: "Kwesi Newcomer" }));
    const findings = await visit(page, "voter-no-organization", "/member", (p) =>
      p.getByRole("main").getByText("No Organization").waitFor(),
    );
    expect(findings, `accessibility violations:\n${readable(findings)}`).toEqual([]);
  });

  it("as a voter", { timeout: TIMEOUT }, async () => {
    const { page } = w.voter;
    const findings = [
      ...(await visit(page, "voter-home", "/member")),
      ...(await visit(page, "voter-text", at("member", w.general), (p) =>
        p.getByText("Hello, everyone").waitFor(),
      )),
      ...(await visit(page, "voter-election", at("member", w.ballot))),
    ];
    await page.getByRole("tab", { name: "Cast Vote" }).click();
    findings.push(...(await audit(page, "voter-cast-vote")));
    findings.push(
      ...(await visit(page, "voter-airing", at("member", w.stage))),
      ...(await visit(page, "voter-profile", "/voters")),
      ...(await visit(page, "voter-settings", "/member/settings")),
      ...(await visit(page, "voter-search", "/member/search-organizations")),
      ...(await visit(page, "voter-message-search", "/member/search?q=hello", (p) =>
        p.locator(".HitItem_hit mark").first().waitFor(),
      )),
    );
    expect(findings, `accessibility violations:\n${readable(findings)}`).toEqual([]);

    // A dialog gives the focus back to the control that opened it, even after typing in it.
    await page.goto("/voters");
    const opener = page.getByRole("button", { name: "Change Password" });
    await opener.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Current Password").fill("typing re-renders the dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    // Clicking a switch's label toggles it.
    await page.goto("/member/settings");
    // The shell's own loads settle first: a screen re-mounted under them reloads the saved settings.
    await page.waitForLoadState("networkidle");
    const sounds = page.getByRole("switch", { name: "Sounds" });
    const before = await sounds.getAttribute("aria-checked");
    await page.locator("label", { hasText: /^Sounds$/ }).click();
    await expect.poll(() => sounds.getAttribute("aria-checked")).not.toBe(before);
    await page.locator("label", { hasText: /^Sounds$/ }).click();
    await expect.poll(() => sounds.getAttribute("aria-checked")).toBe(before);
  });

  it("keyboard: each message's actions are one tab stop, a toolbar moved through with the arrows", {
    timeout: TIMEOUT,
  }, async () => {
    const { context, page } = w.voter;
    for (const content of ["First of two", "Second of two"])
      await apiJson(context, "POST", `/api/channels/${w.general.id}/posts`, { content });
    await page.goto(at("member", w.general));
    const first = page.getByRole("article").filter({ hasText: "First of two" });
    const second = page.getByRole("article").filter({ hasText: "Second of two" });
    await second.waitFor();
    // Which message the focus is in (by its words) and the name of what holds it.
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const words = element?.closest("article")?.textContent ?? "";
        const where = words.includes("First of two")
          ? "first"
          : words.includes("Second of two")
            ? "second"
            : "elsewhere";
        return `${where}: ${element?.getAttribute("aria-label") ?? element?.textContent}`;
      });
    const toolbar = first.getByRole("toolbar", { name: "Message actions" });
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
    // In the first message's toolbar, the arrows, Home and End move between its buttons...
    await toolbar.getByRole("button", { name: "Like" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("first: Add reaction");
    await page.keyboard.press("End");
    expect(await focused()).toBe("first: More actions");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("first: Like");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("first: More actions");
    await page.keyboard.press("Home");
    expect(await focused()).toBe("first: Like");
    await page.keyboard.press("ArrowRight");
    // ...one Tab leaves it for the next message's toolbar, at its first button...
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("second: Like");
    // ...and one Shift+Tab enters the first again, where it was left.
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("first: Add reaction");
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
  });

  it("as an organization's admin", { timeout: TIMEOUT }, async () => {
    const { page } = w.admin;
    const findings = [
      ...(await visit(page, "admin-home", "/organization")),
      ...(await visit(page, "admin-election", at("organization", w.ballot))),
      ...(await visit(page, "admin-monitoring", "/organization/monitoring")),
      ...(await visit(page, "admin-create-channel", "/organization/create-channel")),
      ...(await visit(page, "admin-settings", "/organization/settings")),
      ...(await visit(page, "admin-org-profile", "/organization/profile")),
      ...(await visit(page, "admin-results", "/organization/election-results")),
    ];
    // A tooltip shown (the footer's, on hover) stays out of the reader's way.
    await page.getByRole("link", { name: "Settings", exact: true }).hover();
    findings.push(...(await audit(page, "admin-results-tooltip")));
    // Each monitoring tab, the empty ones too.
    await page.goto("/organization/monitoring");
    for (const tab of ["Security Alerts", "Risk Analytics"]) {
      await page.getByRole("tab", { name: tab }).click();
      findings.push(...(await audit(page, `admin-monitoring-${tab}`)));
    }
    // The organization's profile while it is edited.
    await page.goto("/organization/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    findings.push(...(await audit(page, "admin-org-profile-edit")));
    expect(findings, `accessibility violations:\n${readable(findings)}`).toEqual([]);

    // A dialog opened from a menu gives the focus back to the menu's button (the item is gone).
    await page.goto("/organization");
    const options = page.getByRole("button", { name: `Options for ${w.general.name}` });
    await options.click();
    await page.getByRole("menu").waitFor();
    // An open menu, too, sits inside a landmark.
    expect(await audit(page, "admin-channel-menu")).toEqual([]);
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => options.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("as the platform admin", { timeout: TIMEOUT }, async () => {
    const { page } = await auditPage();
    await page.goto("/admin/signin");
    await page.getByRole("button", { name: "Use demo credentials" }).click();
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    const findings: Finding[] = [];
    for (const tab of ["overview", "organizations", "members", "monitoring", "audit"])
      findings.push(...(await visit(page, `platform-${tab}`, `/admin/dashboard?tab=${tab}`)));
    expect(findings, `accessibility violations:\n${readable(findings)}`).toEqual([]);
  });
});
