import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { messages } from "../contract/messages";
import type { OrganizationProfile } from "../contract/organizations";
import { launchBrowser, newPage, registerOrganization, registerVoter, shot, signInAs } from "./support";

/** What users of chat workspaces missed most: comment edits and removal, permalinks, the unread divider, mentions, drafts. */
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let voter: { context: BrowserContext; page: Page };
let organization: OrganizationProfile;
let hall: Channel;
const voterName = "Efua Boateng";
const adminName = "Yaw Admin";

const address = (area: "organization" | "member", channel: Channel) =>
  `/${area}/text?channelId=${channel.id}&channelName=${encodeURIComponent(channel.name)}`;
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const message = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).last();
const comment = (page: Page, text: string) => page.locator("li.CommentItem_comment", { hasText: text });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await message(page, text).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await registerOrganization({ full_name: adminName });
  admin = await newPage(browser);
  await signInAs(admin.context, owner);
  const mine = await (await admin.context.request.get("/api/organizations/mine")).json();
  organization = await (await admin.context.request.get(`/api/organizations/${mine.current_id}`)).json();
  const created = await admin.context.request.post("/api/channels", { data: { type: "text", name: "hall" } });
  if (!created.ok()) throw new Error(`create channel: ${created.status()} ${await created.text()}`);
  hall = (await created.json()).channel;

  const member = await registerVoter({ full_name: voterName });
  voter = await newPage(browser);
  await signInAs(voter.context, member);
  const joined = await voter.context.request.post(`/api/organizations/${organization.id}/join`);
  if (!joined.ok()) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
  await voter.context.grantPermissions(["clipboard-read", "clipboard-write"]);

  await admin.page.goto(address("organization", hall));
  await voter.page.goto(address("member", hall));
  await composer(admin.page).waitFor();
  await composer(voter.page).waitFor();
});
afterAll(() => browser?.close());

describe("comments", () => {
  it("the author edits and deletes their own comment; an admin removes any; the other browser follows", async () => {
    await send(admin.page, "Budget meeting on Monday");
    const mineRow = message(voter.page, "Budget meeting on Monday");
    await mineRow.waitFor();
    await mineRow.hover();
    await mineRow.getByRole("button", { name: "Reply" }).click();
    const input = voter.page.getByRole("textbox", { name: "Comment", exact: true });
    await input.fill("I will bring the figures");
    await input.press("Enter");
    await comment(voter.page, "I will bring the figures").waitFor();
    await input.fill("Second thought");
    await input.press("Enter");
    await comment(voter.page, "Second thought").waitFor();

    const adminRow = message(admin.page, "Budget meeting on Monday");
    await adminRow.getByRole("button", { name: "2 comments" }).click();
    await comment(admin.page, "I will bring the figures").waitFor();
    // The admin may remove the voter's comment, never edit it.
    const theirs = comment(admin.page, "I will bring the figures");
    expect(await theirs.getByRole("button", { name: /^Edit comment/ }).count()).toBe(0);
    await theirs.getByRole("button", { name: /^Delete comment/ }).waitFor();

    // The author edits: Enter saves, and both browsers show the new text marked (edited).
    const own = comment(voter.page, "I will bring the figures");
    await own.getByRole("button", { name: /^Edit comment/ }).click();
    const editor = voter.page.getByRole("textbox", { name: "Edit comment" });
    await editor.fill("I will bring the final figures");
    await shot(voter.page, "comments-editing");
    await editor.press("Enter");
    await comment(voter.page, "I will bring the final figures").getByText("(edited)").waitFor();
    await comment(admin.page, "I will bring the final figures").getByText("(edited)").waitFor();

    // The author deletes the other one, after confirming.
    await comment(voter.page, "Second thought")
      .getByRole("button", { name: /^Delete comment/ })
      .click();
    const dialog = voter.page.getByRole("dialog", { name: "Delete comment" });
    await dialog.getByText("Delete this comment? This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await comment(voter.page, "Second thought").waitFor({ state: "detached" });
    await comment(admin.page, "Second thought").waitFor({ state: "detached" });
    await shot(admin.page, "comments-edited-live");
    // The count fell with it.
    await adminRow.locator(".ChannelParts_chip", { hasText: "Hide comments" }).click();
    await adminRow.getByRole("button", { name: "1 comment" }).click();

    // The admin removes the voter's remaining comment; the voter's screen follows.
    await comment(admin.page, "I will bring the final figures")
      .getByRole("button", { name: /^Delete comment/ })
      .click();
    await admin.page
      .getByRole("dialog", { name: "Delete comment" })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await comment(voter.page, "I will bring the final figures").waitFor({ state: "detached" });
    await voter.page.getByText("No comments yet. Start the conversation.").waitFor();
    await shot(voter.page, "comments-removed-by-admin");
  });
});

describe("a permalink", () => {
  it("'Copy link' gives a link that opens the channel scrolled to the message, highlighted, past older pages", async () => {
    await send(admin.page, "Minutes of the first meeting");
    const row = message(voter.page, "Minutes of the first meeting");
    await row.waitFor();
    await row.hover();
    await row.getByRole("button", { name: "More actions" }).click();
    await voter.page.getByRole("menuitem", { name: "Copy link" }).click();
    await voter.page.getByText(messages.linkCopied).waitFor();
    const link = await voter.page.evaluate(() => navigator.clipboard.readText());
    const postId = await row.getAttribute("data-post-id");
    expect(link).toBe(
      `${new URL(voter.page.url()).origin}/text?channelId=${hall.id}&channelName=hall&message=${postId}`,
    );

    // 55 later messages push it off the first page the channel loads.
    for (let i = 1; i <= 55; i++) {
      const sent = await admin.context.request.post(`/api/channels/${hall.id}/posts`, {
        data: { content: `Later note ${i}` },
      });
      expect(sent.ok()).toBe(true);
    }
    await admin.page.goto(link);
    const target = admin.page.locator(`article.MessageItem_msgHighlight[data-post-id="${postId}"]`);
    await target.waitFor();
    await expect.poll(() => target.isVisible()).toBe(true);
    expect(new URL(admin.page.url()).pathname).toBe("/organization/text");
    expect(new URL(admin.page.url()).searchParams.get("message")).toBeNull();
    await shot(admin.page, "permalink-highlighted");
  });

  it("to a message that is gone says so", async () => {
    const gone = (
      await (
        await admin.context.request.post(`/api/channels/${hall.id}/posts`, { data: { content: "Temporary" } })
      ).json()
    ).id as string;
    await admin.context.request.delete(`/api/posts/${gone}`);
    await voter.page.goto(`/text?channelId=${hall.id}&channelName=hall&message=${gone}`);
    await voter.page.getByText("Message not found").waitFor();
    expect(new URL(voter.page.url()).pathname).toBe("/member/text");
    await voter.page.goto(`/text?channelId=${hall.id}&channelName=hall&message=..%2F..%2Fsession`);
    await voter.page.getByText("Message not found").first().waitFor();
  });
});

describe("the unread divider", () => {
  it("sits above the first message that arrived while away, and goes once the reader writes", async () => {
    const created = await admin.context.request.post("/api/channels", {
      data: { type: "text", name: "notices" },
    });
    const notices = (await created.json()).channel as Channel;
    const post = (content: string) =>
      admin.context.request.post(`/api/channels/${notices.id}/posts`, { data: { content } });
    await post("Read before");
    await voter.page.goto(address("member", notices));
    await message(voter.page, "Read before").waitFor();
    // Opening the channel marked it read; leave for another channel.
    await voter.page.waitForTimeout(800);
    await voter.page.goto(address("member", hall));
    await composer(voter.page).waitFor();
    await post("Arrived while away");
    await post("And another");

    await voter.page.goto(address("member", notices));
    await message(voter.page, "And another").waitFor();
    const rows = voter.page.locator(".MessageList_messages > *");
    const texts = await rows.allInnerTexts();
    const divider = texts.findIndex((row) => /new messages/i.test(row));
    expect(divider).toBeGreaterThan(texts.findIndex((row) => row.includes("Read before")));
    // A row holds a message with the day and unread dividers above it.
    expect(texts[divider]).toMatch(/new messages[\s\S]*Arrived while away/i);
    expect(await voter.page.locator(".MessageList_unreadDivider").count()).toBe(1);
    await shot(voter.page, "unread-divider");

    // Live messages while reading do not move it; writing here removes it.
    // Seen while the channel is open: marked read (after a short pause that gathers a burst).
    const marked = voter.page.waitForResponse((response) =>
      response.url().endsWith(`/channels/${notices.id}/read`),
    );
    await post("Live one");
    await message(voter.page, "Live one").waitFor();
    await marked;
    expect(await voter.page.locator(".MessageList_unreadDivider").count()).toBe(1);
    await send(voter.page, "Thanks, read them all");
    await voter.page.locator(".MessageList_unreadDivider").waitFor({ state: "detached" });

    // Read up to here: opening again shows no divider.
    await voter.page.reload();
    await message(voter.page, "Thanks, read them all").waitFor();
    expect(await voter.page.locator(".MessageList_unreadDivider").count()).toBe(0);
  });
});

describe("mentions", () => {
  it("a message that mentions me is highlighted, and the Mentions view lists mentions of every channel", async () => {
    const created = await admin.context.request.post("/api/channels", {
      data: { type: "text", name: "finance" },
    });
    const finance = (await created.json()).channel as Channel;
    const { page } = voter;
    await page.goto(address("member", hall));
    await composer(page).waitFor();
    await admin.page.goto(address("organization", hall));
    await send(admin.page, `@${voterName} please check the figures`);
    await send(admin.page, "A message for everyone");
    const mentioned = message(page, "please check the figures");
    await mentioned.waitFor();
    await expect.poll(() => mentioned.getAttribute("class")).toContain("MessageItem_msgMentioned");
    expect(await message(page, "A message for everyone").getAttribute("class")).not.toContain(
      "MessageItem_msgMentioned",
    );
    // The sender's own view does not highlight it.
    expect(await message(admin.page, "please check the figures").getAttribute("class")).not.toContain(
      "MessageItem_msgMentioned",
    );

    await admin.context.request.post(`/api/channels/${finance.id}/posts`, {
      data: { content: `Budget approved, thanks @${voterName}` },
    });
    await page.getByRole("button", { name: "Mentions" }).click();
    const panel = page.getByRole("region", { name: "Messages that mention you" });
    await panel.getByText("Budget approved, thanks").waitFor();
    await panel.getByText("please check the figures").waitFor();
    await panel.getByText("in #finance").waitFor();
    await shot(page, "mentions-view");
    // By keyboard: open, the panel has the focus (it comes after every message); Escape closes it
    // and gives the focus back to its button, whose Enter opens it again.
    const mentionsButton = page.getByRole("button", { name: "Mentions", exact: true });
    expect(await mentionsButton.getAttribute("aria-expanded")).toBe("true");
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(await mentionsButton.getAttribute("aria-expanded")).toBe("false");
    expect(await mentionsButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await panel.getByText("Budget approved, thanks").waitFor();

    // Live: a new mention shows in the open view.
    await admin.context.request.post(`/api/channels/${finance.id}/posts`, {
      data: { content: `One more for @${voterName}` },
    });
    await panel.getByText("One more for").waitFor();

    // Choosing one in another channel opens that channel at the message.
    await panel.getByText("Budget approved, thanks").click();
    await page.getByRole("heading", { name: "finance", level: 1 }).waitFor();
    await page.locator("article.MessageItem_msgHighlight", { hasText: "Budget approved, thanks" }).waitFor();
  });

  it('"@" suggests members in the message box and in a thread\'s reply box; the one chosen is told', async () => {
    const { page } = admin;
    const created = await admin.context.request.post("/api/channels", {
      data: { type: "text", name: "notes" },
    });
    const notes = (await created.json()).channel as Channel;
    await page.goto(address("organization", hall));
    // The voter reads another channel: a mention in #hall comes as a notice.
    await voter.page.goto(address("member", notes));
    await composer(voter.page).waitFor();
    const suggestions = page.getByRole("listbox", { name: "Members to mention" });

    // The message box: Tab chooses the one marked, Escape closes the list and keeps the text.
    await composer(page).pressSequentially("Agenda with @Efu");
    await suggestions.getByRole("option", { name: /Efua Boateng/, selected: true }).waitFor();
    await composer(page).press("Tab");
    expect(await composer(page).inputValue()).toBe(`Agenda with @${voterName} `);
    await composer(page).pressSequentially("and @Ef");
    await suggestions.waitFor();
    await composer(page).press("Escape");
    await suggestions.waitFor({ state: "detached" });
    expect(await composer(page).inputValue()).toBe(`Agenda with @${voterName} and @Ef`);
    await composer(page).fill("Agenda for the week");
    await composer(page).press("Enter");
    const row = message(page, "Agenda for the week");
    await row.waitFor();

    // The voter's Mentions view is open; the reply that names them will show in it.
    await voter.page.getByRole("button", { name: "Mentions", exact: true }).click();
    const panel = voter.page.getByRole("region", { name: "Messages that mention you" });
    await panel.waitFor();

    // A reply: the list over the reply box, Enter chooses (it does not send), Enter again sends.
    await row.hover();
    await row.getByRole("button", { name: "Reply" }).click();
    const reply = page.getByRole("textbox", { name: "Comment", exact: true });
    await reply.pressSequentially("over to @boat");
    await suggestions.getByRole("option", { name: /Efua Boateng/, selected: true }).waitFor();
    expect(await reply.getAttribute("aria-activedescendant")).toBeTruthy();
    await shot(page, "mention-in-reply");
    await reply.press("Enter");
    expect(await reply.inputValue()).toBe(`over to @${voterName} `);
    expect(await comment(page, "over to").count()).toBe(0);
    await reply.pressSequentially("for the minutes");
    await reply.press("Enter");
    await comment(page, "over to").waitFor();
    expect(await reply.inputValue()).toBe("");

    // The one named is told, and their Mentions view shows the message with the reply under it.
    await voter.page
      .getByText(`${adminName} mentioned you in #hall: over to @${voterName} for the minutes`)
      .waitFor();
    const entry = panel.getByRole("button").filter({ hasText: "Agenda for the week" });
    await entry.getByText(`In its thread, ${adminName}:`).waitFor();
    await shot(voter.page, "mention-by-reply");
    await entry.click();
    await voter.page.getByRole("heading", { name: "hall", level: 1 }).waitFor();
    await voter.page
      .locator("article.MessageItem_msgHighlight", { hasText: "Agenda for the week" })
      .waitFor();
  });
});

describe("sending", () => {
  it("sends each message at Enter however fast they come, in order; a refused one and those sent after it come back to the box, in order, with why", async () => {
    const { page } = admin;
    await page.goto(address("organization", hall));
    await voter.page.goto(address("member", hall));
    await composer(voter.page).waitFor();
    const burst = ["First of three", "Second of three", "Third of three"];
    for (const line of burst) {
      await composer(page).fill(line);
      await composer(page).press("Enter");
      // The box is empty at once, for the next one, while this one is on its way.
      expect(await composer(page).inputValue()).toBe("");
    }
    await message(page, burst[2]).waitFor();
    const texts = await page.getByRole("article").allInnerTexts();
    const at = burst.map((line) => texts.findIndex((row) => row.includes(line)));
    expect(at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]))).toBe(true);
    for (const line of burst) await message(voter.page, line).waitFor();

    // Refused (slowly): it and the one sent after it come back to the box, in order, with why.
    await page.route(`**/api/channels/${hall.id}/posts`, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({
        status: 503,
        json: { error: { code: "unavailable", message: "Try again in a moment." } },
      });
    });
    await composer(page).fill("This one will be refused");
    await composer(page).press("Enter");
    await composer(page).fill("And this one after it");
    await composer(page).press("Enter");
    await page.getByRole("alert").filter({ hasText: "Failed to send message: " }).waitFor();
    await expect
      .poll(() => composer(page).inputValue())
      .toBe("This one will be refused\nAnd this one after it");
    await shot(page, "send-refused");
    await page.unroute(`**/api/channels/${hall.id}/posts`);
    await composer(page).press("Enter");
    await message(page, "And this one after it").waitFor();
    expect(await composer(page).inputValue()).toBe("");
    await page
      .getByRole("alert")
      .filter({ hasText: "Failed to send message: " })
      .waitFor({ state: "detached" });

    // Offline (the browser heard `offline`): the message is sent all the same and comes back with
    // why, where the query client held it back without a word until the browser was online again.
    await page.context().setOffline(true);
    await composer(page).fill("Sent with no network");
    await composer(page).press("Enter");
    await page.getByRole("alert").filter({ hasText: "Could not reach the Votespace server" }).waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe("Sent with no network");
    await shot(page, "send-offline");
    await page.context().setOffline(false);
    await composer(page).press("Enter");
    await message(voter.page, "Sent with no network").waitFor();
  });
});

describe("drafts", () => {
  it("are kept per channel across switching and reloading, cleared on send, and forgotten at sign-out", async () => {
    const created = await admin.context.request.post("/api/channels", {
      data: { type: "text", name: "drafts" },
    });
    const drafts = (await created.json()).channel as Channel;
    const { page } = voter;
    await page.goto(address("member", hall));
    await composer(page).fill("Half-written thought for the hall");
    await page.getByRole("link", { name: "drafts", exact: false }).first().click();
    await page.getByRole("heading", { name: "drafts", level: 1 }).waitFor();
    expect(await composer(page).inputValue()).toBe("");
    await composer(page).fill("Another idea for drafts");

    await page.goto(address("member", hall));
    await expect.poll(() => composer(page).inputValue()).toBe("Half-written thought for the hall");
    await shot(page, "draft-restored");
    await page.reload();
    await expect.poll(() => composer(page).inputValue()).toBe("Half-written thought for the hall");
    // One entry per user and channel.
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("votespace_draft:")),
    );
    expect(keys).toHaveLength(2);

    await composer(page).press("Enter");
    await message(page, "Half-written thought for the hall").waitFor();
    expect(await composer(page).inputValue()).toBe("");
    await page.reload();
    await message(page, "Half-written thought for the hall").waitFor();
    expect(await composer(page).inputValue()).toBe("");

    await page.goto(address("member", drafts));
    await expect.poll(() => composer(page).inputValue()).toBe("Another idea for drafts");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("votespace_draft:"))),
    ).toEqual([]);
  });
});
