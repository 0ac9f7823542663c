import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionInfo } from "../contract/accounts";
import type { Channel } from "../contract/channels";
import type { UserSettings } from "../contract/settings";
import { subscribedTo } from "./browser";
import {
  apiJson,
  launchBrowser,
  newPage,
  organizationWithVoter,
  pause,
  registerVoter,
  shot,
  signInAs,
} from "./support";

/**
 * Browser notifications (issue 13, item 13): the real Notification constructor, wrapped in the
 * page to record what it was asked to show (the browser's own pop-up cannot be read by a test).
 */
const RECORD_NOTIFICATIONS = () => {
  const Real = window.Notification;
  const shown: Array<{ title: string; body?: string; tag?: string }> = [];
  const record = window as unknown as { shown: typeof shown; lastNotice: Notification | null };
  record.shown = shown;
  record.lastNotice = null;
  function Recorded(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body, tag: options?.tag });
    const notice = new Real(title, options);
    record.lastNotice = notice;
    return notice;
  }
  Recorded.prototype = Real.prototype;
  Recorded.requestPermission = Real.requestPermission.bind(Real);
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  (window as unknown as { Notification: unknown }).Notification = Recorded;
};

const shownIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { shown: Array<{ title: string; body?: string }> }).shown);

let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let voter: { context: BrowserContext; page: Page };
let voterId: string;
/** The name of the organization the journeys run in (Abena's first). */
let firstOrganization: string;
let lobby: Channel;
let townhall: Channel;

async function textChannel(name: string): Promise<Channel> {
  return (await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", { type: "text", name }))
    .channel;
}
const say = (channel: Channel, content: string) =>
  apiJson(owner.context, "POST", `/api/channels/${channel.id}/posts`, { content });
const direct = (content: string) =>
  apiJson(owner.context, "POST", `/api/chat/conversations/${voterId}`, { content });
const at = (channel: Channel) => `/member/text?channelId=${channel.id}&channelName=${channel.name}`;

async function setBrowserNotifications(page: Page, on: boolean) {
  await page.goto("/member/settings");
  const toggle = page.getByRole("switch", { name: "Browser Notifications" });
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
  await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(String(on));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await page.getByText("Settings saved successfully!").waitFor();
}

/** Leaves the settings page for a channel (a page load): the workspace reads the choices as it starts. */
async function sitIn(page: Page, channel: Channel) {
  const reread = page.waitForResponse(
    (response) => response.url().endsWith("/api/settings") && response.request().method() === "GET",
  );
  await page.goto(at(channel));
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  await reread;
  await pause(300);
}

beforeAll(async () => {
  // The full browser: the headless shell reports Notification.permission "denied" whatever was granted.
  browser = await launchBrowser([], "full");
  const setup = await organizationWithVoter(browser, {
    organization: { full_name: "Kofi Admin" },
    voter: { full_name: "Abena Mensah" },
  });
  owner = setup.owner;
  voter = setup.voter;
  firstOrganization = setup.ownerAccount.organization;
  await voter.context.grantPermissions(["notifications"]);
  await voter.context.addInitScript(RECORD_NOTIFICATIONS);
  voterId = (await apiJson<SessionInfo>(voter.context, "GET", "/api/session")).profile.id;
  lobby = await textChannel("lobby");
  townhall = await textChannel("townhall");
});
afterAll(() => browser?.close());

describe("browser notifications", () => {
  it("show mentions and direct messages when turned on, open what they tell of, and respect mutes", async () => {
    const { page } = voter;
    await setBrowserNotifications(page, true);
    expect((await apiJson<UserSettings>(voter.context, "GET", "/api/settings")).notifications.browser).toBe(
      true,
    );
    await shot(page, "notifications-settings-on");
    await sitIn(page, lobby);

    // A mention in another channel.
    await say(townhall, "@Abena Mensah can you help count the ballots tonight?");
    await expect
      .poll(() => shownIn(page))
      .toEqual([
        {
          title: "Kofi Admin mentioned you in #townhall",
          body: "@Abena Mensah can you help count the ballots tonight?",
          tag: expect.stringMatching(/^mention:/),
        },
      ]);

    // A direct message while the conversation is not open; the click opens it.
    await direct("Thank you for volunteering!");
    await expect.poll(async () => (await shownIn(page)).length).toBe(2);
    expect((await shownIn(page))[1]).toMatchObject({
      title: "Kofi Admin sent you a direct message",
      body: "Thank you for volunteering!",
    });
    await page.evaluate(() => {
      const notice = (window as unknown as { lastNotice: Notification }).lastNotice;
      notice.onclick?.(new Event("click"));
    });
    const panel = page.getByRole("region", { name: "Messages" });
    await panel.getByRole("heading", { name: "Kofi Admin" }).waitFor();
    await panel.getByText("Thank you for volunteering!").waitFor();
    await shot(page, "notifications-direct-opened");

    // With the conversation on screen, a new message needs no notification.
    await direct("See you at six.");
    await panel.getByText("See you at six.").waitFor();
    await pause(500);
    expect(await shownIn(page)).toHaveLength(2);
    await page.keyboard.press("Escape");

    // The mention in the channel being read, while the tab is hidden: a notification.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await say(lobby, "@Abena Mensah the lobby needs you");
    await expect.poll(async () => (await shownIn(page)).length).toBe(3);
    expect((await shownIn(page))[2].title).toBe("Kofi Admin mentioned you in #lobby");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });

    // The click on a mention opens the message's channel.
    await say(townhall, "@Abena Mensah one more thing");
    await expect.poll(async () => (await shownIn(page)).length).toBe(4);
    await page.evaluate(() => {
      const notice = (window as unknown as { lastNotice: Notification }).lastNotice;
      notice.onclick?.(new Event("click"));
    });
    await page.getByRole("heading", { name: "townhall", level: 1 }).waitFor();

    // A muted channel: no notification (a direct message after it arrives alone).
    const muted = await voter.context.request.put(`/api/channels/${townhall.id}/preferences`, {
      data: { mute: null },
    });
    expect(muted.ok()).toBe(true);
    const live = subscribedTo(page, `user:${voterId}`);
    await page.goto(at(lobby));
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    await live;
    await say(townhall, "@Abena Mensah muted channel mention");
    await direct("After the muted mention");
    await expect
      .poll(async () => (await shownIn(page)).map((notice) => notice.body))
      .toEqual(["After the muted mention"]);
    await pause(300);
    expect(await shownIn(page)).toHaveLength(1);
  });

  it("are not shown when turned off: the toast still tells", async () => {
    const { page } = voter;
    await setBrowserNotifications(page, false);
    await sitIn(page, townhall);
    await say(lobby, "@Abena Mensah are you there?");
    await page.getByText("Kofi Admin mentioned you in #lobby: @Abena Mensah are you there?").waitFor();
    await direct("Ping");
    await page.getByRole("button", { name: /Open messages, \d+ unread/ }).waitFor();
    await pause(500);
    expect(await shownIn(page)).toEqual([]);
  });

  it("of another organization name it: the toast says where the mention is", async () => {
    const { page } = voter;
    await setBrowserNotifications(page, false);
    // A second organization Abena belongs to, whose administrator mentions her there.
    const harbor = await organizationWithVoter(browser, { organization: { full_name: "Hank Harbor" } });
    const { organizations } = await apiJson<{ organizations: Array<{ id: string; name: string }> }>(
      harbor.owner.context,
      "GET",
      "/api/organizations/mine",
    );
    const harborName = organizations[0]?.name ?? "";
    await apiJson(voter.context, "POST", `/api/organizations/${harbor.organizationId}/join`);
    const general = await apiJson<{ channel: Channel }>(harbor.owner.context, "POST", "/api/channels", {
      type: "text",
      name: "boathouse",
    });
    // Joining made the harbor her current organization: she chooses her first one again, on the
    // strip, and sits in its lobby.
    await page.goto("/member");
    const first = page.getByRole("button", { name: new RegExp(`, ${firstOrganization}$`) });
    await first.click();
    await expect.poll(() => first.getAttribute("aria-current")).toBe("true");
    await sitIn(page, lobby);
    await apiJson(harbor.owner.context, "POST", `/api/channels/${general.channel.id}/posts`, {
      content: "@Abena Mensah please confirm the boat",
    });
    await page
      .getByText(
        `Hank Harbor mentioned you in #boathouse (${harborName}): @Abena Mensah please confirm the boat`,
      )
      .waitFor();
    await harbor.owner.context.close();
    await harbor.voter.context.close();
  });

  it("say so in settings when the browser blocks them, and stay off", async () => {
    const account = await registerVoter({ full_name: "Yaw Boateng" });
    const other = await newPage(browser);
    await signInAs(other.context, account);
    await other.page.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
    });
    await other.page.goto("/member/settings");
    const toggle = other.page.getByRole("switch", { name: "Browser Notifications" });
    // Before any try, a note in the muted colour: nothing went wrong yet.
    await other.page
      .getByText(
        "Your browser blocks notifications from this site: allow them in its site settings to turn this on.",
      )
      .waitFor();
    await toggle.click();
    await other.page
      .getByText(
        "Your browser blocks notifications from this site. Allow them in the browser's site settings, then turn this on again.",
      )
      .waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await shot(other.page, "notifications-settings-blocked");
    await other.context.close();
  });
});
