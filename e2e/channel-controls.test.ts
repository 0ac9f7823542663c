import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import { launchBrowser, organizationWithVoter, shot } from "./support";

/** Issue 13: every control does what it says (default channels, channel security, member invites). */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Channels" });
const group = (page: Page, label: string) => sidebar(page).getByRole("region", { name: label });

describe("a new organization's controls", () => {
  it("starts with General channels; the election group's General opens the first election's form", async () => {
    const { owner, voter } = await organizationWithVoter(browser);
    await owner.page.goto("/organization");
    for (const label of ["Text Channels", "Airing Channels", "Live Streaming Channels"])
      await group(owner.page, label).getByRole("link", { name: "General", exact: true }).waitFor();
    const election = group(owner.page, "Election Channels");
    await election.getByText(/An election channel needs its dates and candidates/).waitFor();
    expect(await sidebar(owner.page).getByText("No Channels", { exact: true }).count()).toBe(0);
    await owner.page.getByRole("heading", { level: 1, name: /^Welcome to/ }).waitFor();
    await shot(owner.page, "controls-default-channels-admin");

    // The text General is a real channel: the admin posts, the voter reads it.
    await group(owner.page, "Text Channels").getByRole("link", { name: "General", exact: true }).click();
    await owner.page.getByRole("heading", { level: 1, name: "General" }).waitFor();
    await owner.page.getByRole("textbox", { name: /message/i }).fill("Welcome, everyone");
    await owner.page.keyboard.press("Enter");
    await owner.page.getByText("Welcome, everyone").first().waitFor();

    await election.getByRole("link", { name: "General", exact: true }).click();
    await owner.page.waitForURL(/\/organization\/create-channel\?type=election/);
    await owner.page.getByRole("heading", { name: "Voting Settings" }).waitFor();
    await shot(owner.page, "controls-first-election-form");

    // A member sees the same General channels; the election group says none is open yet.
    await voter.page.goto("/member");
    await group(voter.page, "Text Channels")
      .getByRole("link", { name: /^General/ })
      .click();
    await voter.page.getByText("Welcome, everyone").first().waitFor();
    await group(voter.page, "Election Channels").getByText("No elections yet").waitFor();
    await shot(voter.page, "controls-default-channels-member");
    await owner.context.close();
    await voter.context.close();
  });

  it("a channel's two-factor switch keeps members without two-factor from posting and joining the room", async () => {
    const { owner, voter } = await organizationWithVoter(browser);
    await owner.page.goto("/organization");
    const text = group(owner.page, "Text Channels");
    await text.getByRole("link", { name: "General", exact: true }).click();
    await text.getByRole("button", { name: "Options for General", exact: true }).click();
    await owner.page.getByRole("menuitem", { name: "Settings" }).click();
    const settings = owner.page.getByRole("dialog", { name: "Settings: General" });
    await settings.getByRole("tab", { name: "Security Settings" }).click();
    // Only the switch that acts here: e-mail and phone verification belong to election channels.
    expect(await settings.getByRole("switch", { name: /Email verification/ }).count()).toBe(0);
    expect(await settings.getByRole("switch", { name: /Phone verification/ }).count()).toBe(0);
    await settings.getByRole("switch", { name: /Two-factor authentication required/ }).click();
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.getByText(messages.settingsSaved).waitFor();
    await shot(owner.page, "controls-security-text-channel");
    await settings.getByRole("button", { name: "Close" }).click();

    const airing = group(owner.page, "Airing Channels");
    await airing.getByRole("button", { name: "Options for General", exact: true }).click();
    await owner.page.getByRole("menuitem", { name: "Settings" }).click();
    const roomSettings = owner.page.getByRole("dialog", { name: "Settings: General" });
    await roomSettings.getByRole("tab", { name: "Security Settings" }).click();
    await roomSettings.getByRole("switch", { name: /Two-factor authentication required/ }).click();
    await roomSettings.getByRole("button", { name: "Save" }).click();
    await roomSettings.getByText(messages.settingsSaved).waitFor();
    await roomSettings.getByRole("button", { name: "Close" }).click();

    // The voter has no two-factor sign-in: reads, but the composer gives way to the reason.
    await voter.page.goto("/member");
    await group(voter.page, "Text Channels").getByRole("link", { name: "General", exact: true }).click();
    await voter.page.getByText(messages.channelTwoFactorNeeded).waitFor();
    expect(await voter.page.getByRole("textbox", { name: /message/i }).count()).toBe(0);
    await shot(voter.page, "controls-two-factor-text-refused");
    // The server refuses a post sent around the screen, too.
    const channelId = new URL(voter.page.url()).searchParams.get("channelId");
    const sent = await voter.context.request.post(`/api/channels/${channelId}/posts`, {
      data: { content: "hi" },
    });
    expect(sent.status()).toBe(403);

    await group(voter.page, "Airing Channels").getByRole("link", { name: "General", exact: true }).click();
    await voter.page.waitForURL(/\/member\/airing\?/);
    await voter.page.getByText("The room is not available").waitFor();
    await voter.page.getByText(messages.channelTwoFactorNeeded).waitFor();
    expect(await voter.page.getByRole("toolbar", { name: "Room controls" }).count()).toBe(0);
    await shot(voter.page, "controls-two-factor-room-refused");

    // On the create page, e-mail and phone verification are offered for election channels only.
    await owner.page.goto("/organization/create-channel?type=text");
    await owner.page.getByRole("switch", { name: /Two-Factor Authentication/ }).waitFor();
    expect(await owner.page.getByRole("switch", { name: /Email Verification/ }).count()).toBe(0);
    await owner.page.goto("/organization/create-channel?type=election");
    await owner.page.getByRole("switch", { name: /Email Verification/ }).waitFor();
    await owner.context.close();
    await voter.context.close();
  });

  it("'Allow Member Invites' gives members the invite link in the member area", async () => {
    const { owner, voter } = await organizationWithVoter(browser);
    await voter.page.goto("/member");
    await voter.page.getByRole("heading", { level: 1 }).waitFor();
    expect(await voter.page.getByRole("heading", { name: "Invite Members" }).count()).toBe(0);

    await owner.page.goto("/organization/profile");
    const toggle = owner.page.getByRole("switch", { name: /Allow Member Invites/ });
    await toggle.click();
    await owner.page.getByText("Allow Member Invites turned on.").waitFor();

    await voter.page.reload();
    await voter.page.getByRole("heading", { name: "Invite Members" }).waitFor();
    const link = await voter.page.getByRole("textbox", { name: "Invite link" }).inputValue();
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]+$/);
    expect(await voter.page.getByRole("button", { name: "New link" }).count()).toBe(0);
    await voter.page.getByText("Members", { exact: true }).locator("..").getByText("2").waitFor();
    await shot(voter.page, "controls-member-invite");
    await owner.context.close();
    await voter.context.close();
  });
});
