// Over 300 lines: the signed-in shell's journeys (sidebar, live rename, context menu, no organization, messages panel) on one shared workspace.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel, ChannelType } from "../contract/channels";
import { messages } from "../contract/messages";
import type { OrganizationProfile } from "../contract/organizations";
import { settle } from "./browser";
import {
  launchBrowser,
  newPage,
  openElection,
  pause,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The signed-in admin's organization profile, through the API. */
async function myOrganization(context: BrowserContext): Promise<OrganizationProfile> {
  const mine = await (await context.request.get("/api/organizations/mine")).json();
  return (await context.request.get(`/api/organizations/${mine.current_id}`)).json();
}

async function createChannel(
  context: BrowserContext,
  input: { name: string; type?: ChannelType; is_private?: boolean },
): Promise<Channel> {
  const response = await context.request.post("/api/channels", { data: { type: "text", ...input } });
  if (!response.ok()) throw new Error(`create channel: ${response.status()} ${await response.text()}`);
  return (await response.json()).channel;
}

/** An admin signed in, on their organization's page, with a fresh organization. */
async function adminWithOrganization() {
  const account = await registerOrganization();
  const side = await newPage(browser);
  await signInAs(side.context, account);
  const organization = await myOrganization(side.context);
  return { account, organization, ...side };
}

/** A voter who joined the organization through its invite link (API), signed in. */
async function memberOf(organization: OrganizationProfile, fullName = "Esi Member") {
  const account = await registerVoter({ full_name: fullName });
  const side = await newPage(browser);
  await signInAs(side.context, account);
  const accepted = await side.context.request.post(`/api/invites/${organization.invite_code}/accept`);
  if (!accepted.ok()) throw new Error(`accept invite: ${accepted.status()} ${await accepted.text()}`);
  return { account, ...side };
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Channels" });
const group = (page: Page, label: string) => sidebar(page).getByRole("region", { name: label });

describe("workspace shell", () => {
  it("an admin sees the strip, 'Dashboard', the calendar, the four groups and the empty state; a new channel appears live", async () => {
    const { context, page, organization, account } = await adminWithOrganization();
    await page.goto("/organization");
    await sidebar(page).getByRole("heading", { name: "Dashboard" }).waitFor();
    await sidebar(page).getByText(organization.name).waitFor();

    // Organization strip: join, results, the organization (current), the admin's tools.
    const strip = page.getByRole("navigation", { name: "Organizations" });
    for (const name of [
      "Join Organization",
      "Election Results",
      "Monitoring",
      "Organization Profile",
      "Create Channel",
    ])
      expect(await strip.getByRole("link", { name }).count()).toBe(1);
    expect(await strip.getByRole("button", { name: organization.name }).getAttribute("aria-current")).toBe(
      "true",
    );

    // Calendar: today is marked and selected; a click selects another day.
    const calendar = page.getByRole("region", { name: "Calendar" });
    const today = calendar.locator('[aria-current="date"]');
    expect(await today.getAttribute("aria-pressed")).toBe("true");
    await calendar.getByRole("button", { name: "Next month" }).click();
    await calendar.locator(".MonthCalendar_day:not(.MonthCalendar_dayOut)").first().click();
    expect(await calendar.getByText(/^Selected: /).textContent()).toMatch(/\b1\b/);
    // The grid is one tab stop (the selected day); the arrows move a day or a week, Page Up a
    // month, into the month before; Enter chooses.
    const days = calendar.locator('.MonthCalendar_grid button[tabindex="0"]');
    expect(await days.count()).toBe(1);
    await days.focus();
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    const label = (date: Date) =>
      new Intl.DateTimeFormat(undefined, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      }).format(date);
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    await page.keyboard.press("ArrowDown");
    expect(await focusedDay()).toMatch(label(new Date(first.getFullYear(), first.getMonth(), 8)));
    await page.keyboard.press("ArrowLeft");
    expect(await focusedDay()).toMatch(label(new Date(first.getFullYear(), first.getMonth(), 7)));
    await page.keyboard.press("PageUp");
    expect(await focusedDay()).toMatch(label(new Date(now.getFullYear(), now.getMonth(), 7)));
    await calendar
      .getByRole("heading", {
        name: new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" }).format(now),
      })
      .waitFor();
    await page.keyboard.press("Enter");
    expect(await calendar.getByText(/^Selected: /).textContent()).toMatch(/\b7\b/);
    expect(await calendar.locator('.MonthCalendar_grid button[tabindex="0"]').count()).toBe(1);

    // The four groups: a new organization starts with "General" in text, airing and live; the
    // election group's "General" entry opens the form for the first election.
    for (const label of [
      "Text Channels",
      "Airing Channels",
      "Live Streaming Channels",
      "Election Channels",
    ]) {
      await group(page, label).waitFor();
      expect(
        await group(page, label)
          .getByRole("link", { name: `Create a channel in ${label}` })
          .count(),
      ).toBe(1);
      await group(page, label).getByRole("link", { name: "General", exact: true }).waitFor();
    }
    expect(
      await group(page, "Election Channels")
        .getByRole("link", { name: "General", exact: true })
        .getAttribute("href"),
    ).toBe("/organization/create-channel?type=election");
    await group(page, "Election Channels")
      .getByText(/An election channel needs its dates and candidates/)
      .waitFor();
    expect(await sidebar(page).getByText("No Channels", { exact: true }).count()).toBe(0);

    // Footer: name, role label 'Admin', settings / profile / sign-out.
    await sidebar(page).getByText(account.full_name).waitFor();
    await sidebar(page).getByText("Admin", { exact: true }).waitFor();
    expect(await sidebar(page).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe(
      "/organization/settings",
    );
    expect(await sidebar(page).getByRole("link", { name: "Voter Profile" }).getAttribute("href")).toBe(
      "/voters",
    );
    await shot(page, "workspace-admin-new");

    // A channel made elsewhere (the API) appears without a reload, and opens its page.
    await createChannel(context, { name: "lobby" });
    await createChannel(context, { name: "committee", is_private: true });
    const general = group(page, "Text Channels").getByRole("link", { name: "lobby" });
    await general.waitFor({ timeout: 5000 });
    await group(page, "Text Channels")
      .getByRole("link", { name: /committee/ })
      .waitFor();
    await general.click();
    await page.waitForURL(/\/organization\/text\?channelId=.+&channelName=lobby/);
    await page.getByRole("heading", { level: 1, name: "lobby" }).waitFor();
    await page.getByText("Text Channel", { exact: true }).waitFor();
    expect(await general.getAttribute("aria-current")).toBe("page");
    await shot(page, "workspace-admin-channel");
    await context.close();
  });

  it("the channels stay where they first appear while the calendar and the day's events load", async () => {
    const { context, page, organization } = await adminWithOrganization();
    // Two events today (each election opens now): a list longer than the room kept for it.
    const candidates = [
      { name: "Ama Owusu", party: "Progress Party" },
      { name: "Yaw Boateng", party: "Unity Alliance" },
    ];
    for (const name of ["spring-vote", "autumn-vote"])
      await openElection(context, organization.id, name, candidates);
    // The calendar's events arrive late, as on a slow network: nothing may move when they do.
    await page.route("**/api/organizations/*/calendar?*", async (route) => {
      await pause(800);
      await route.continue();
    });
    await page.addInitScript(() => {
      const tops: number[] = [];
      (window as unknown as { channelTops: number[] }).channelTops = tops;
      const started = performance.now();
      const frame = () => {
        const link = document.querySelector('[aria-label="Text Channels"] a');
        const top = link && Math.round(link.getBoundingClientRect().top);
        if (top && tops.at(-1) !== top) tops.push(top);
        if (performance.now() - started < 4_000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto("/organization");
    const calendar = page.getByRole("region", { name: "Calendar" });
    await calendar.getByRole("link", { name: "autumn-vote" }).first().waitFor();
    await pause(500);
    expect(
      await page.evaluate(() => (window as unknown as { channelTops: number[] }).channelTops),
    ).toHaveLength(1);
    await shot(page, "workspace-calendar-events");
    await context.close();
  });

  it("a rename through the admin's context menu reaches the voter's sidebar live; the voter has no menu", async () => {
    const admin = await adminWithOrganization();
    await createChannel(admin.context, { name: "town-hall", type: "airing" });
    await createChannel(admin.context, { name: "radio-hour", type: "airing" });
    const voter = await memberOf(admin.organization);

    await voter.page.goto("/member");
    const voterLink = group(voter.page, "Airing Channels").getByRole("link", { name: "town-hall" });
    await voterLink.click();
    await voter.page.waitForURL(/\/member\/airing\?channelId=/);
    await sidebar(voter.page).getByText("Voter", { exact: true }).waitFor();
    // No menu for the voter: no "⋯" button, and right-click does nothing of ours.
    expect(await voter.page.getByRole("button", { name: /^Options for / }).count()).toBe(0);
    await voterLink.click({ button: "right" });
    expect(await voter.page.getByRole("menu").count()).toBe(0);

    await admin.page.goto("/organization");
    await group(admin.page, "Airing Channels")
      .getByRole("link", { name: "town-hall" })
      .click({ button: "right" });
    const menu = admin.page.getByRole("menu", { name: "Channel town-hall" });
    await menu.waitFor();
    await shot(admin.page, "workspace-context-menu");
    await menu.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Rename Channel" });
    const name = dialog.getByLabel("Channel name");
    // Same name: refused before sending.
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await name.fill("   ");
    await dialog.getByText(messages.channelNameRequired).waitFor();
    // A name taken in the group: said once, in the dialog (no toast beside it).
    await name.fill("radio-hour");
    await dialog.getByRole("button", { name: "Save" }).click();
    const taken = messages.channelNameTaken("radio-hour");
    await dialog.getByRole("alert").getByText(taken, { exact: false }).waitFor();
    expect(await admin.page.getByText(taken, { exact: false }).count()).toBe(1);
    await name.fill("town-hall-live");
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText(messages.channelRenamed("town-hall-live")).waitFor();

    // The voter sees it without reloading; the open page follows (header and address).
    await group(voter.page, "Airing Channels")
      .getByRole("link", { name: "town-hall-live" })
      .waitFor({ timeout: 5000 });
    await voter.page.getByRole("heading", { level: 1, name: "town-hall-live" }).waitFor();
    await voter.page.waitForURL(/channelName=town-hall-live/);
    await shot(voter.page, "workspace-voter-after-rename");

    // A taken name: the server's words in the dialog.
    await createChannel(admin.context, { name: "debates", type: "airing" });
    await admin.page.getByRole("button", { name: "Options for town-hall-live" }).click();
    await admin.page.getByRole("menuitem", { name: "Edit" }).click();
    await dialog.getByLabel("Channel name").fill("debates");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog
      .getByRole("alert")
      .getByText(messages.channelNameTaken("debates"), { exact: false })
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await admin.context.close();
    await voter.context.close();
  });

  it("the context menu duplicates, mutes (a check for a moment), unmutes and deletes", async () => {
    const { context, page } = await adminWithOrganization();
    await createChannel(context, { name: "lobby" });
    await page.goto("/organization");
    // The screen settled first: on a loaded CI machine a click during the first reads' renders
    // once went nowhere (the link's place moved under the pointer).
    await settle(page);
    const text = group(page, "Text Channels");
    await text.getByRole("link", { name: "lobby" }).click();
    await page.waitForURL(/channelName=lobby/);

    // Keyboard: the "⋯" button opens the menu, focus lands in it, Escape closes it.
    const more = page.getByRole("button", { name: "Options for lobby", exact: true });
    await more.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem");
    await page.keyboard.press("Escape");
    expect(await page.getByRole("menu").count()).toBe(0);

    // Duplicate: the server's message, and "lobby-copy" in the list.
    await more.click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    await page.getByText(messages.channelDuplicated("lobby-copy")).waitFor();
    await text.getByRole("link", { name: "lobby-copy" }).waitFor();

    // Mute for 1 hour: the option shows a check, then the menu closes; the channel shows muted.
    await more.click();
    await page.getByRole("menuitem", { name: "Mute", exact: true }).click();
    await page.getByRole("menuitem", { name: "1 hour" }).click();
    await page.getByRole("menuitem", { name: "1 hour" }).getByText("✓").waitFor();
    await shot(page, "workspace-mute-tick");
    await page.getByRole("menu").first().waitFor({ state: "detached", timeout: 3000 });
    await text.getByRole("link", { name: /lobby \(Muted\)/ }).waitFor();

    // Unmute appears while muted.
    await more.click();
    await page.getByRole("menuitem", { name: "Unmute" }).click();
    await text.getByRole("link", { name: "lobby", exact: true }).waitFor();

    // Copy Link: the channel's address, with the spec's notice.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await more.click();
    await page.getByRole("menuitem", { name: "Copy Link" }).click();
    await page.getByText(messages.linkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/organization\/text\?channelId=[0-9a-f-]+&channelName=lobby$/,
    );
    await more.click();
    await page.getByRole("menuitem", { name: "Invite to Channel" }).click();
    await page.getByText(messages.inviteLinkCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/join\/[A-Za-z0-9]{8}$/);

    // Settings: a section saves through the API.
    await more.click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings: lobby" });
    await settings.getByRole("radio", { name: "Mentions only" }).check();
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.getByText(messages.settingsSaved).waitFor();
    await settings.getByRole("tab", { name: "Channel Visibility" }).click();
    await settings.getByRole("radio", { name: /^Private/ }).check();
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.getByText(messages.settingsSaved).waitFor();
    // A private channel gets Member Management.
    await settings.getByRole("tab", { name: "Member Management" }).click();
    await settings.getByText("This organization has no members besides its administrators yet.").waitFor();
    await shot(page, "workspace-settings");
    await settings.getByRole("button", { name: "Close" }).click();

    // Delete the open channel: the spec's warning, then back to /organization.
    await more.click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Channel" });
    await confirm.getByText(messages.deleteConfirm("lobby")).waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText(messages.channelDeleted("lobby")).waitFor();
    await page.waitForURL(/\/organization$/);
    await text.getByRole("link", { name: /^lobby \(Private channel\)/ }).waitFor({ state: "detached" });
    expect(await text.getByRole("link", { name: "lobby-copy" }).count()).toBe(1);
    await context.close();
  });

  it("a voter without an organization sees 'No Organization' with Search Organizations", async () => {
    const account = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, account);
    await page.goto("/member");
    await sidebar(page).getByText("No Organization").waitFor();
    await sidebar(page)
      .getByText("Join an organization to access channels and participate in elections.")
      .waitFor();
    expect(await sidebar(page).getByRole("link", { name: "Search Organizations" }).getAttribute("href")).toBe(
      "/member/search-organizations",
    );
    await shot(page, "workspace-no-organization");
    await context.close();
  });

  it("the floating button opens the messages panel with live presence; a missing channel shows 'Channel not found'", async () => {
    const admin = await adminWithOrganization();
    const voter = await memberOf(admin.organization, "Kwame Present");
    await admin.page.goto("/organization");
    await admin.page.getByRole("button", { name: /^Open messages/ }).click();
    const panel = admin.page.getByRole("region", { name: "Messages" });
    const kwame = panel.getByRole("button", { name: /^Kwame Present/ });
    await kwame.filter({ hasText: ", Offline" }).waitFor();
    // Give the admin's socket a moment to subscribe before the voter connects.
    await admin.page.waitForTimeout(1000);
    // The voter comes online while the admin watches: presence, live.
    await voter.page.goto("/member");
    await voter.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await kwame.filter({ hasText: ", Online" }).waitFor({ timeout: 5000 });
    await shot(admin.page, "workspace-messages-panel");
    await panel.getByRole("button", { name: "Close messages" }).click();
    expect(await admin.page.getByRole("region", { name: "Messages" }).count()).toBe(0);

    await admin.page.goto(
      "/organization/text?channelId=00000000-0000-4000-8000-000000000000&channelName=nope",
    );
    await admin.page.getByRole("heading", { name: messages.channelNotFound }).waitFor();
    await admin.page.getByRole("link", { name: "Back to Dashboard" }).waitFor();
    await admin.context.close();
    await voter.context.close();
  });
});
