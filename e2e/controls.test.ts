import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import type { OrganizationProfile } from "../contract/organizations";
import { postMessages } from "../contract/posts";
import { settingsMessages } from "../contract/settings";
import {
  apiJson,
  day,
  launchBrowser,
  newPage,
  organizationWithVoter,
  registerOrganization,
  shot,
  signInAs,
} from "./support";

/** Issue 13 items 4 and 9: every control does what it says, as a new user finds it. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function textChannel(context: BrowserContext, input: Record<string, unknown>): Promise<Channel> {
  return (await apiJson<{ channel: Channel }>(context, "POST", "/api/channels", { type: "text", ...input }))
    .channel;
}

async function say(context: BrowserContext, channel: Channel, content: string) {
  return apiJson<{ id: string }>(context, "POST", `/api/channels/${channel.id}/posts`, { content });
}

const address = (area: "organization" | "member", channel: Channel) =>
  `/${area}/text?channelId=${channel.id}&channelName=${encodeURIComponent(channel.name)}`;

const sidebarRow = (page: Page, name: string) =>
  page.locator("li.ChannelGroup_channel", {
    has: page.locator(".ChannelGroup_channelName", { hasText: new RegExp(`^${name}$`) }),
  });

describe("notification settings", () => {
  it('"All Messages" gives a notice per message; a changed choice clears the unread badge at once', async () => {
    const { owner, voter } = await organizationWithVoter(browser);
    const general = await textChannel(owner.context, { name: "townhall" });

    // The voter turns All Messages on, and is told of a message while elsewhere in the workspace.
    await voter.page.goto("/member/settings");
    await voter.page.getByRole("switch", { name: "All Messages" }).click();
    await voter.page.getByRole("button", { name: "Save Settings" }).click();
    await voter.page.getByText("Settings saved successfully!").waitFor();
    // The save wrote the choices where the workspace reads them (the query cache): no second read.
    await voter.page.getByRole("button", { name: "Back" }).click();
    await voter.page.waitForURL((url) => url.pathname === "/member");
    await sidebarRow(voter.page, "townhall").waitFor();
    await voter.page.waitForTimeout(300);
    await say(owner.context, general, "Polls open at eight tomorrow");
    await voter.page.getByText("New message in #townhall").waitFor();
    await shot(voter.page, "controls-all-messages-notice");

    // The owner has an unread badge from the voter, then chooses "Nothing": the badge goes without a reload.
    await owner.page.goto("/organization");
    await sidebarRow(owner.page, "townhall").waitFor();
    await owner.page.waitForTimeout(500);
    await say(voter.context, general, "Will there be a debate?");
    const badge = sidebarRow(owner.page, "townhall").locator(".ChannelGroup_channelUnread");
    await badge.waitFor();
    await owner.page.getByRole("button", { name: "Options for townhall" }).click();
    await owner.page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = owner.page.getByRole("dialog");
    await dialog.getByRole("radio", { name: "Nothing" }).check();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await badge.waitFor({ state: "detached" });
    await shot(owner.page, "controls-unread-cleared-by-choice");
    await owner.context.close();
    await voter.context.close();
  });
});

describe('"Require Password"', () => {
  it("asks for the password before saving the settings, setting up two-factor and a new invite link", async () => {
    const { owner, ownerAccount, voter, voterAccount } = await organizationWithVoter(browser);
    const page = voter.page;
    await page.goto("/member/settings");
    await page.getByRole("switch", { name: "Require Password" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();

    await page.getByRole("switch", { name: "Sounds" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm with your password" });
    await confirm.getByLabel("Your Password").fill("not-my-password");
    await confirm.getByRole("button", { name: "Save Settings" }).click();
    await confirm.getByText(settingsMessages.passwordWrong).waitFor();
    await shot(page, "controls-require-password-wrong");
    await confirm.getByLabel("Your Password").fill(voterAccount.password);
    await confirm.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Settings saved successfully!").waitFor();
    expect(
      (await apiJson<{ notifications: { sounds: boolean } }>(voter.context, "GET", "/api/settings"))
        .notifications.sounds,
    ).toBe(false);

    await page.getByRole("button", { name: "Set Up" }).click();
    const twoFactor = page.getByRole("dialog", { name: "Set Up Two-Factor Authentication" });
    await twoFactor.getByLabel("Your Password").fill(voterAccount.password);
    await twoFactor.getByRole("button", { name: "Continue" }).click();
    await twoFactor.getByTestId("totp-secret").waitFor();
    await shot(page, "controls-require-password-two-factor");

    // The owner's new invite link.
    const ownerPage = owner.page;
    await apiJson(owner.context, "GET", "/api/settings").then((settings) =>
      owner.context.request.put("/api/settings", {
        data: {
          ...(settings as object),
          security: { ...(settings as { security: object }).security, requirePassword: true },
        },
      }),
    );
    await ownerPage.goto("/organization/profile");
    await ownerPage.getByRole("button", { name: "New link" }).click();
    const renew = ownerPage.getByRole("dialog", { name: "Create a new invite link?" });
    await renew.getByRole("button", { name: "Create new link" }).click();
    await renew.getByLabel("Your Password").fill(ownerAccount.password);
    await shot(ownerPage, "controls-require-password-invite");
    await renew.getByRole("button", { name: "Create new link" }).click();
    await ownerPage.getByText("A new invite link is ready. The old link no longer works.").waitFor();
    await owner.context.close();
    await voter.context.close();
  });
});

describe("the sidebar calendar", () => {
  it("marks the day an election opens and lists it when chosen, live as it is created and opened", async () => {
    const { owner, organizationId } = await organizationWithVoter(browser);
    // The screen is open before the election exists: what follows comes to it live.
    await owner.page.goto("/organization");
    await owner.page.getByRole("region", { name: "Calendar" }).waitFor();
    const { channel } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
      organization_id: organizationId,
      name: "board-vote",
      type: "election",
      voting_settings: {
        startDate: day(1),
        endDate: day(3),
        candidates: [{ name: "Ama", party: "Blue", position: "president", image: "/favicon.svg" }],
      },
    });
    const election = await apiJson<{ title: string; starts_at: string }>(
      owner.context,
      "GET",
      `/api/channels/${channel.id}/election`,
    );
    const page = owner.page;
    const opening = new Date(election.starts_at);
    const label = new Intl.DateTimeFormat(undefined, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(opening);
    if (opening.getMonth() !== new Date().getMonth())
      await page.getByRole("button", { name: "Next month" }).click();
    const marked = page.getByRole("button", { name: `${label}, has elections or sessions` });
    await marked.waitFor();
    await marked.click();
    const list = page.locator(".MonthCalendar_events");
    await list.getByText("Voting opens").waitFor();
    await list.getByRole("link", { name: election.title }).waitFor();
    // The dashboard's election overview lists it too, live.
    await page.getByRole("list", { name: "Elections" }).getByText(election.title).waitFor();
    await shot(page, "controls-calendar");

    // Opened now: today's list says so, without a reload.
    const { id } = await apiJson<{ id: string }>(
      owner.context,
      "GET",
      `/api/channels/${channel.id}/election`,
    );
    await apiJson(owner.context, "POST", `/api/elections/${id}/open`);
    if (opening.getMonth() !== new Date().getMonth())
      await page.getByRole("button", { name: "Previous month" }).click();
    await page.locator('.MonthCalendar_grid [aria-current="date"]').click();
    await list.getByText("Voting opens").waitFor();
    await list.getByRole("link", { name: election.title }).click();
    await page.waitForURL((url) => url.pathname === "/organization/election");
    await owner.context.close();
  });
});

describe("the workspace tells the truth", () => {
  it("role, counts, invite wording, header and what a voter may do in a channel", async () => {
    const { owner, voter, organizationId } = await organizationWithVoter(browser);
    await apiJson(owner.context, "GET", `/api/organizations/${organizationId}`);
    await owner.context.request.patch(`/api/organizations/${organizationId}`, {
      data: { description: "The teachers' union of the Volta region." },
    });
    const profile = await apiJson<OrganizationProfile>(
      owner.context,
      "GET",
      `/api/organizations/${organizationId}`,
    );

    // An organization account that joins another organization is a plain member there (not a voter).
    const otherAccount = await registerOrganization({ full_name: "Efua Owner" });
    const other = await newPage(browser);
    await signInAs(other.context, otherAccount);
    await other.page.goto(`/join/${profile.invite_code}`);
    await other.page.getByText("You're signed in with").waitFor();
    expect(await other.page.locator(".InvitePage_welcome").textContent()).toContain(
      "signed in with an organization account",
    );
    await shot(other.page, "controls-invite-an-organization");
    await apiJson(other.context, "POST", `/api/invites/${profile.invite_code}/accept`);
    await other.context.request.put("/api/organizations/current", {
      data: { organization_id: organizationId },
    });
    await other.page.goto("/organization");
    await other.page.getByRole("heading", { name: profile.name }).first().waitFor();
    expect(await other.page.locator(".UserFooter_userRole").textContent()).toBe("Member");
    await owner.page.goto("/organization");
    await owner.page.locator(".UserFooter_userRole", { hasText: "Admin" }).waitFor();
    await shot(other.page, "controls-footer-role");
    await other.context.close();

    // Search Organizations: the card's count follows the join.
    await owner.context.request.patch(`/api/organizations/${organizationId}/settings`, {
      data: { is_public: true },
    });
    const newcomerAccount = await registerOrganization({ full_name: "Yaw Newcomer" });
    const newcomer = await newPage(browser);
    await signInAs(newcomer.context, newcomerAccount);
    await newcomer.page.goto("/organization/search-organizations");
    await newcomer.page
      .getByPlaceholder("Search organizations by name, description, or location...")
      .fill(profile.name);
    const card = newcomer.page.locator("li.SearchPage_card", { hasText: profile.name });
    await card.getByText("3 members").waitFor();
    await card.getByRole("button", { name: "Join Organization" }).click();
    await card.getByText("4 members").waitFor();
    await shot(newcomer.page, "controls-search-count");
    await newcomer.context.close();

    // The text channel: the organization's description in the header, the channel's in the banner.
    const board = await textChannel(owner.context, {
      name: "board",
      is_private: true,
      description: "Decisions of the executive board.",
    });
    const hello = await say(owner.context, board, "The board meets on Friday");
    await apiJson(owner.context, "POST", `/api/posts/${hello.id}/comments`, { content: "Agenda to follow" });
    await voter.page.goto(address("member", board));
    await voter.page
      .locator(".ChannelHeader_headerDesc", { hasText: "The teachers' union of the Volta region." })
      .waitFor();
    await voter.page
      .locator(".MessageList_welcome", { hasText: "Decisions of the executive board." })
      .waitFor();
    await voter.page.getByText(postMessages.locked).waitFor();
    const row = voter.page.getByRole("article").filter({ hasText: "The board meets on Friday" });
    await row.hover();
    expect(await row.getByRole("button", { name: "Like" }).count()).toBe(0);
    expect(await row.getByRole("button", { name: "Comment", exact: true }).count()).toBe(0);
    await row.getByRole("button", { name: "1 comment" }).click();
    await row.getByText("Only those who may post here can comment.").waitFor();
    await shot(voter.page, "controls-private-channel-voter");

    // The owner lets the voter post: the open page follows without a reload.
    const me = await apiJson<{ profile: { id: string } }>(voter.context, "GET", "/api/session");
    const granted = await owner.context.request.put(`/api/channels/${board.id}/posters`, {
      data: { user_ids: [me.profile.id] },
    });
    expect(granted.ok()).toBe(true);
    await voter.page.getByRole("textbox", { name: "Message" }).waitFor();
    await row.hover();
    await row.getByRole("button", { name: "Like" }).waitFor();
    await shot(voter.page, "controls-private-channel-granted");

    // Reactions and attachments off in a public channel: no Like, the right reason, the attachments note.
    const lounge = await textChannel(owner.context, { name: "lounge" });
    const note = await say(owner.context, lounge, "Coffee at ten");
    await apiJson(owner.context, "POST", `/api/posts/${note.id}/comments`, { content: "Tea too" });
    const patched = await owner.context.request.patch(`/api/channels/${lounge.id}`, {
      data: { permissions: { membersCanComment: false, membersCanAttach: false } },
    });
    expect(patched.ok()).toBe(true);
    await voter.page.goto(address("member", lounge));
    await voter.page.getByText("Attachments are turned off in this channel.").waitFor();
    const coffee = voter.page.getByRole("article").filter({ hasText: "Coffee at ten" });
    await coffee.hover();
    expect(await coffee.getByRole("button", { name: "Like" }).count()).toBe(0);
    await coffee.getByRole("button", { name: "1 comment" }).click();
    await coffee.getByText(postMessages.commentsOff).waitFor();
    await shot(voter.page, "controls-reactions-off");
    await owner.context.close();
    await voter.context.close();
  });
});
