import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenWords, cutOff, sideways, squeezed } from "./browser";
import {
  baseURL,
  launchBrowser,
  openElection,
  organizationWithVoter,
  registerOrganization,
  shot,
  signInAs,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("layout", () => {
  it("the message panel reflows the channel page, and the chat button covers no card's end", {
    timeout: 180_000,
  }, async () => {
    // Long names and a description, as a real union has: the header must still fit beside the panel.
    const { owner, voter, organizationId } = await organizationWithVoter(browser, {
      organization: { organization: `Riverside Student Union ${Date.now().toString(36)}` },
    });
    const described = await owner.context.request.patch(`/api/organizations/${organizationId}`, {
      data: { description: "The student union of Riverside College: debates, town halls and elections." },
    });
    expect(described.ok()).toBe(true);
    const { channel } = await openElection(owner.context, organizationId, "layout-vote", [
      { name: "Ama Owusu", party: "Progress Party" },
    ]);
    const text = await owner.context.request.post("/api/channels", {
      data: { organization_id: organizationId, name: "town-hall", type: "text" },
    });
    const general = (await text.json()).channel;

    // The open panel sits beside the channel's header and composer, not over them.
    const { page } = voter;
    await page.goto(`/member/text?channelId=${general.id}&channelName=${general.name}`);
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.waitFor();
    await page.getByRole("button", { name: "Open messages" }).click();
    await page.locator(".ChatDock_panel").waitFor();
    const panel = await box(page, ".ChatDock_panel");
    const header = await box(page, ".ChannelHeader_header");
    const field = (await composer.boundingBox()) as Box;
    expect(overlaps(panel, header), "the panel covers the header").toBe(false);
    expect(overlaps(panel, field), "the panel covers the composer").toBe(false);
    await shot(page, "layout-chat-panel-reflow");

    // Beside the open panel the header gives way without collapsing: the name and the organization
    // on one line each, nothing on top of the channel's icon, every tab in view (1280 and 1400 px).
    for (const width of [1280, 1400]) {
      await page.setViewportSize({ width, height: 860 });
      const name = await box(page, ".ChannelHeader_headerNameText");
      const organization = await box(page, ".ChannelHeader_headerOrg");
      expect(name.width, `${width}: the name is squeezed`).toBeGreaterThan(60);
      expect(name.height, `${width}: the name wraps`).toBeLessThan(32);
      expect(organization.height, `${width}: the organization's name wraps`).toBeLessThan(20);
      const shown = await page
        .locator(".ChannelHeader_headerNameText")
        .evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(shown, `${width}: "${general.name}" is cut`).toBe(true);
      const icon = await box(page, ".ChannelHeader_headerIcon");
      for (const part of await page.locator(".ChannelHeader_headerSide > *").all()) {
        const partBox = await part.boundingBox();
        if (partBox)
          expect(overlaps(icon, partBox), `${width}: the header's side covers the icon`).toBe(false);
      }
      const tabs = await box(page, ".ChannelTabs_tabs");
      const files = await box(page, ".ChannelTabs_tab >> text=Files");
      expect(files.x + files.width, `${width}: the last tab is cut`).toBeLessThanOrEqual(tabs.x + tabs.width);
      expect(overlaps(await box(page, ".ChatDock_panel"), header)).toBe(false);
      await shot(page, `layout-channel-header-panel-${width}`);
    }
    // A tablet (820 px): the channel list is a drawer, and the panel lies over the channel rather
    // than squeezing it (it was left 108 px, a letter a line).
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(async () => (await composer.boundingBox())?.width ?? 0).toBeGreaterThan(500);
    await shot(page, "layout-chat-panel-tablet");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.keyboard.press("Escape");

    // An error toast (a like that cannot reach the server) never covers the composer and its tools.
    const posted = await voter.context.request.post(`/api/channels/${general.id}/posts`, {
      data: { content: "Toast placement check" },
    });
    expect(posted.ok()).toBe(true);
    const message = page.locator("article").filter({ hasText: "Toast placement check" });
    await message.waitFor();
    await page.route("**/api/posts/*/like", (route) => route.abort());
    await message.hover();
    await message.getByRole("button", { name: "Like" }).click();
    const toast = page.locator(".Toast_toast").filter({ hasText: "Could not reach the Votespace server" });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox()) as Box;
    expect(overlaps(toastBox, await box(page, ".Composer_composer")), "the toast covers the composer").toBe(
      false,
    );
    // Nor the channel's header (it lay over it, as the one a cast vote shows over the election's).
    expect(overlaps(toastBox, await box(page, ".ChannelHeader_header")), "the toast covers the header").toBe(
      false,
    );
    await shot(page, "layout-toast-clear-of-composer");
    await page.unroute("**/api/posts/*/like");

    // At 200% zoom (a 1280 × 800 laptop shows 640 × 400 CSS pixels) the header is one line and the
    // messages keep more than a third of the height (they had 42 px of 400).
    await page.setViewportSize({ width: 640, height: 400 });
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    const list = await box(page, ".MessageList_scroll");
    expect(list.height, "the messages' share of a short window").toBeGreaterThan(400 / 3);
    expect((await box(page, ".ChannelHeader_header")).height).toBeLessThan(60);
    await shot(page, "layout-text-channel-zoom-200");
    await page.setViewportSize({ width: 1280, height: 860 });

    // The election's Configuration panel, scrolled to its end, ends above the chat button.
    await owner.page.goto(`/organization/election?channelId=${channel.id}&channelName=${channel.name}`);
    const config = owner.page.locator(".elections_config");
    await config.waitFor();
    await config.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const main = owner.page.locator(".Shell_mainContent");
    await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const fab = await box(owner.page, ".ChatDock_fab");
    const configBox = await box(owner.page, ".elections_config");
    expect(
      configBox.y + configBox.height,
      "the configuration panel runs under the chat button",
    ).toBeLessThanOrEqual(fab.y);
    // The page's last card, scrolled to the end, ends above the chat button too.
    const last = await owner.page.locator(".ElectionChannelPage_layoutMain > *").last().boundingBox();
    expect((last as Box).y + (last as Box).height).toBeLessThanOrEqual(fab.y);
    await shot(owner.page, "layout-config-above-chat-button");
  });

  it("at 390 px wide (a phone) and 320 (a page zoomed to 400 %) no page scrolls sideways, is cut off or cuts a word in two, and the empty organization home keeps its panels apart", {
    timeout: 180_000,
  }, async () => {
    const { owner, voter, organizationId } = await organizationWithVoter(browser);
    const { channel } = await openElection(owner.context, organizationId, "narrow-vote", [
      { name: "Ama Owusu", party: "Progress Party" },
    ]);
    // A long one-word name, as the demo's: the settings' channel table cut it mid-word at 390 px.
    const announcements = await owner.context.request.post("/api/channels", {
      data: { organization_id: organizationId, name: "announcements", type: "text" },
    });
    expect(announcements.ok()).toBe(true);
    const screens = {
      voter: [
        "/member",
        `/member/election?channelId=${channel.id}&channelName=${channel.name}`,
        "/voters",
        "/voters/card",
        "/voters/stations",
        "/member/settings",
        "/member/search-organizations",
      ],
      owner: [
        "/organization",
        `/organization/election?channelId=${channel.id}&channelName=${channel.name}`,
        "/organization/monitoring",
        "/organization/profile",
        "/organization/create-channel",
        "/organization/settings",
      ],
    };
    const failures: string[] = [];
    for (const [who, urls] of Object.entries(screens)) {
      const context = who === "voter" ? voter.context : owner.context;
      const page = await context.newPage();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const url of urls) {
          await page.goto(url);
          await page.waitForLoadState("networkidle");
          await page.locator("h1").first().waitFor();
          const extra = await sideways(page);
          if (extra) failures.push(`${who} ${url} at ${width}: ${extra}`);
          const cut = await cutOff(page);
          if (cut) failures.push(`${who} ${url} at ${width}: scrolls sideways within the main area: ${cut}`);
          const narrow = await squeezed(page);
          if (narrow)
            failures.push(`${who} ${url} at ${width}: words squeezed into a narrow column: ${narrow}`);
          const broken = await brokenWords(page);
          if (broken) failures.push(`${who} ${url} at ${width}: words cut mid-word: ${broken}`);
        }
      }
      await page.goto(urls[1] as string);
      await page.getByRole("tab", { name: "Overview" }).waitFor();
      // The election's four tabs all in view: the organization strip waits in the drawer.
      for (const name of ["Overview", "Cast Vote", "Results", "Voters"]) {
        const tab = (await page.getByRole("tab", { name, exact: true }).boundingBox()) as Box;
        expect(tab.x + tab.width, `${who}: the ${name} tab is cut off`).toBeLessThanOrEqual(390);
      }
      const strip = page.getByRole("navigation", { name: "Organizations" });
      expect(await strip.isVisible()).toBe(false);
      await shot(page, `layout-390-${who}-election`);
      await page.getByRole("button", { name: "Open channel list" }).click();
      await expect.poll(() => strip.isVisible()).toBe(true);
      // The messages button waits with the page: not over the drawer's foot, nor in its tab order.
      const messages = page.getByRole("button", { name: /^Open messages/ });
      expect(await messages.isVisible()).toBe(false);
      await shot(page, `layout-390-${who}-drawer`);
      await page.keyboard.press("Escape");
      await expect.poll(() => strip.isVisible()).toBe(false);
      expect(await messages.isVisible()).toBe(true);
      await page.close();
    }
    const visitor = await browser.newPage({ baseURL, viewport: { width: 320, height: 844 } });
    for (const width of [320, 390]) {
      await visitor.setViewportSize({ width, height: 844 });
      for (const url of ["/", "/signin", "/signup"]) {
        await visitor.goto(url);
        await visitor.waitForLoadState("networkidle");
        const extra = await sideways(visitor);
        if (extra) failures.push(`signed out ${url} at ${width}: ${extra}`);
      }
    }
    await shot(visitor, "layout-390-landing");
    await visitor.close();
    expect(failures).toEqual([]);

    // A new organization's home: no channels, no elections, and space between its panels.
    const fresh = await registerOrganization();
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
    await signInAs(context, fresh);
    const page = await context.newPage();
    await page.goto("/organization");
    const actions = page.locator(".WorkspaceHome_homeActions");
    await actions.waitFor();
    const next = actions.locator("xpath=following-sibling::*[1]");
    await next.waitFor();
    const a = (await actions.boundingBox()) as Box;
    const b = (await next.boundingBox()) as Box;
    expect(b.y - (a.y + a.height), "the panels touch").toBeGreaterThanOrEqual(12);
    await shot(page, "layout-empty-organization-home");
    await context.close();
  });
});
