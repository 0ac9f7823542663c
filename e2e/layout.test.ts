import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutOff, sideways } from "./browser";
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
    const { owner, voter, organizationId } = await organizationWithVoter(browser);
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
    await page.keyboard.press("Escape");

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

  it("at 390 px wide no page scrolls sideways or is cut off, and the empty organization home keeps its panels apart", {
    timeout: 180_000,
  }, async () => {
    const { owner, voter, organizationId } = await organizationWithVoter(browser);
    const { channel } = await openElection(owner.context, organizationId, "narrow-vote", [
      { name: "Ama Owusu", party: "Progress Party" },
    ]);
    const screens = {
      voter: [
        "/member",
        `/member/election?channelId=${channel.id}&channelName=${channel.name}`,
        "/voters",
        "/member/settings",
        "/member/search-organizations",
      ],
      owner: [
        "/organization",
        `/organization/election?channelId=${channel.id}&channelName=${channel.name}`,
        "/organization/monitoring",
        "/organization/profile",
        "/organization/create-channel",
      ],
    };
    const failures: string[] = [];
    for (const [who, urls] of Object.entries(screens)) {
      const context = who === "voter" ? voter.context : owner.context;
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      for (const url of urls) {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await page.locator("h1").first().waitFor();
        const extra = await sideways(page);
        if (extra) failures.push(`${who} ${url}: ${extra}`);
        const cut = await cutOff(page);
        if (cut) failures.push(`${who} ${url}: scrolls sideways within the main area: ${cut}`);
      }
      await page.goto(urls[1] as string);
      await page.getByRole("tab", { name: "Overview" }).waitFor();
      await shot(page, `layout-390-${who}-election`);
      await page.close();
    }
    const visitor = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    for (const url of ["/", "/signin", "/signup"]) {
      await visitor.goto(url);
      await visitor.waitForLoadState("networkidle");
      const extra = await sideways(visitor);
      if (extra) failures.push(`signed out ${url}: ${extra}`);
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
