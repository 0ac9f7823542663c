import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSettingsMessages } from "../contract/channel-settings";
import type { Channel } from "../contract/channels";
import { messages } from "../contract/messages";
import { text } from "../web/src/features/workspace/text";
import { apiJson } from "./browser";
import {
  baseURL,
  electionChannel,
  launchBrowser,
  newPage,
  PRESIDENTS,
  registerOrganization,
  shot,
  signInAs,
  until,
} from "./support";

/**
 * Two tabs of one administrator on one election channel's Security Settings (its election's
 * verification rules until voting opens). A tab with unsaved switches keeps them when the other
 * saves (it says the settings changed, with a way to reload); a tab that has not seen the other's
 * save cannot write it back with its old values (409 in words, its switches kept); a tab with nothing
 * unsaved simply shows the new settings.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const switchOf = (page: Page, name: RegExp) => securityOf(page).getByRole("switch", { name });
const EMAIL = /Email verification/;
const PHONE = /Phone verification/;
let dialogName = "";
const securityOf = (page: Page) => page.getByRole("dialog", { name: dialogName });

/** The tab's channel settings, open at Security Settings. */
async function openSecurity(page: Page, url: string, channelName: string) {
  await page.goto(url);
  const group = page.getByRole("complementary", { name: "Channels" }).getByRole("region", {
    name: "Election Channels",
  });
  await group.getByRole("button", { name: `Options for ${channelName}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await securityOf(page).getByRole("tab", { name: text.securitySettings }).click();
  await switchOf(page, EMAIL).waitFor();
}

/** An administrator's upcoming election channel, its security settings open in two tabs. */
async function twoTabs(name: string) {
  const account = await registerOrganization();
  const { context, page: tabA } = await newPage(browser, { viewport: { width: 1400, height: 1000 } });
  await signInAs(context, account);
  const { current_id: organizationId } = await apiJson<{ current_id: string }>(
    context,
    "GET",
    "/api/organizations/mine",
  );
  const { channel } = await electionChannel(context, organizationId, name, PRESIDENTS);
  dialogName = `Settings: ${channel.name}`;
  const url = `${baseURL}/organization/election?channelId=${channel.id}&channelName=${channel.name}`;
  const read = () => apiJson<Channel>(context, "GET", `/api/channels/${channel.id}`);
  const tabB = await context.newPage();
  for (const tab of [tabA, tabB]) await openSecurity(tab, url, channel.name);
  return { context, tabA, tabB, read, organizationId };
}

const checked = async (page: Page, name: RegExp) =>
  (await switchOf(page, name).getAttribute("aria-checked")) === "true";
const save = (page: Page) => securityOf(page).getByRole("button", { name: text.saveSection }).click();
const alerts = (page: Page) => securityOf(page).getByRole("alert");

describe("two tabs editing one channel's security settings", () => {
  it("unsaved switches in one tab survive the other's save; the tab is told, and reloads when it chooses", async () => {
    const { context, tabA, tabB, read } = await twoTabs("rules-vote");

    // Tab A turns e-mail verification on, not saved yet; tab B turns phone verification on and saves.
    await switchOf(tabA, EMAIL).click();
    await switchOf(tabB, PHONE).click();
    await save(tabB);
    await securityOf(tabB).getByText(messages.settingsSaved).waitFor();

    // Tab A hears of it: its switch is still on, and it is told the settings changed.
    await alerts(tabA).filter({ hasText: text.securityChangedElsewhere }).waitFor();
    expect(await checked(tabA, EMAIL)).toBe(true);
    await shot(tabA, "channel-settings-tabs-changed-elsewhere");

    // Saving it anyway would turn phone verification back off: refused in words, the switch kept.
    await save(tabA);
    await alerts(tabA).getByText(channelSettingsMessages.securityChangedElsewhere).waitFor();
    expect(await checked(tabA, EMAIL)).toBe(true);
    expect((await read()).security_settings).toMatchObject({
      emailVerification: false,
      phoneVerification: true,
    });
    await shot(tabA, "channel-settings-tabs-refused");

    // Reloaded, tab A shows tab B's rules, turns e-mail on again and saves: both stay.
    await securityOf(tabA).getByRole("button", { name: text.reloadSettings }).click();
    await until(
      async () => [await checked(tabA, PHONE), await checked(tabA, EMAIL)],
      ([phone, mail]) => phone === true && mail === false,
      "tab A reloaded (phone on, e-mail off)",
    );
    expect(
      await alerts(tabA)
        .filter({ hasText: /another tab/ })
        .count(),
    ).toBe(0);
    await switchOf(tabA, EMAIL).click();
    await save(tabA);
    await securityOf(tabA).getByText(messages.settingsSaved).waitFor();
    expect((await read()).security_settings).toMatchObject({
      emailVerification: true,
      phoneVerification: true,
    });

    // Tab B had nothing unsaved: it shows the new rules, without a notice.
    await until(
      () => checked(tabB, EMAIL),
      (on) => on,
      "tab B showing e-mail verification on",
    );
    expect(await alerts(tabB).count()).toBe(0);

    await context.close();
  });

  it("a tab that has not seen the other's save cannot write it back with its old values", async () => {
    const { context, tabA, tabB, read, organizationId } = await twoTabs("rules-vote-2");

    // Tab B's reads of the channels held back (an event missed, a slow network): it keeps what it opened.
    const opened = await apiJson<{ channels: Channel[] }>(
      context,
      "GET",
      `/api/organizations/${organizationId}/channels`,
    );
    await tabB.route(/\/api\/organizations\/[^/]+\/channels$/, (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: opened }) : route.fallback(),
    );
    // Tab A turns e-mail verification on and saves.
    await switchOf(tabA, EMAIL).click();
    await save(tabA);
    await securityOf(tabA).getByText(messages.settingsSaved).waitFor();

    // Tab B turns phone verification on and saves: its whole set would turn e-mail off. Refused, its switch kept.
    await switchOf(tabB, PHONE).click();
    await save(tabB);
    await alerts(tabB).getByText(channelSettingsMessages.securityChangedElsewhere).waitFor();
    expect((await read()).security_settings).toMatchObject({
      emailVerification: true,
      phoneVerification: false,
    });
    expect(await checked(tabB, PHONE)).toBe(true);
    await shot(tabB, "channel-settings-tabs-stale-refused");

    // Its reads back, reloading shows tab A's rules; phone verification turned on again is saved with them.
    await tabB.unrouteAll();
    await securityOf(tabB).getByRole("button", { name: text.reloadSettings }).click();
    await until(
      () => checked(tabB, EMAIL),
      (on) => on,
      "tab B reloaded (e-mail on)",
    );
    await switchOf(tabB, PHONE).click();
    await save(tabB);
    await securityOf(tabB).getByText(messages.settingsSaved).waitFor();
    expect((await read()).security_settings).toMatchObject({
      emailVerification: true,
      phoneVerification: true,
    });

    await context.close();
  });
});
