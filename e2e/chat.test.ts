import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, registerOrganization, registerVoter, shot, signInAs } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const panel = (page: Page) => page.getByRole("region", { name: "Messages" });
const contact = (page: Page, name: string) =>
  panel(page).getByRole("button", { name: new RegExp(`^${name}`) });
const fab = (page: Page) => page.getByRole("button", { name: /^Open messages/ });
const notSent = (page: Page) =>
  panel(page)
    .getByRole("alert")
    .getByText(/^Message not sent: /);

/** The admin's messages panel, open on the conversation with the voter: its message box. */
async function openVoterConversation(page: Page) {
  await page.goto("/organization");
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await fab(page).click();
  await contact(page, "Kwame Mensah").click();
  return panel(page).getByPlaceholder("Type a message...");
}

/** An admin and a voter of one organization, each signed in in their own browser context. */
async function adminAndVoter() {
  const adminAccount = await registerOrganization({ full_name: "Grace Adeyemi" });
  const admin = await newPage(browser);
  await signInAs(admin.context, adminAccount);
  const mine = await (await admin.context.request.get("/api/organizations/mine")).json();
  const organization = await (
    await admin.context.request.get(`/api/organizations/${mine.current_id}`)
  ).json();
  const general = await admin.context.request.post("/api/channels", {
    data: { name: "lobby", type: "text" },
  });
  if (!general.ok()) throw new Error(`create channel: ${general.status()}`);

  const voterAccount = await registerVoter({ full_name: "Kwame Mensah" });
  const voter = await newPage(browser);
  await signInAs(voter.context, voterAccount);
  const accepted = await voter.context.request.post(`/api/invites/${organization.invite_code}/accept`);
  if (!accepted.ok()) throw new Error(`accept invite: ${accepted.status()} ${await accepted.text()}`);
  return { admin, voter, channel: (await general.json()).channel as { id: string } };
}

describe("direct messages", () => {
  it("an admin sees a voter come online, writes; the voter gets it live with a badge, replies; opening clears the badge", async () => {
    const { admin, voter } = await adminAndVoter();
    await admin.page.goto("/organization");
    await admin.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await fab(admin.page).click();
    const kwame = contact(admin.page, "Kwame Mensah");
    await kwame.waitFor();
    expect(await kwame.textContent()).toContain("Offline");

    // The voter opens the workspace (counting the chimes it plays): the admin's list shows them online without a reload.
    await voter.page.addInitScript(() => {
      const counted = window as unknown as { chimes: number };
      counted.chimes = 0;
      const original = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        counted.chimes++;
        return original.call(this);
      };
    });
    await voter.page.goto("/member");
    await voter.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await kwame.filter({ hasText: ", Online" }).waitFor({ timeout: 5000 });
    await shot(admin.page, "chat-contacts");

    // An empty conversation; sending is blocked until there is text.
    await kwame.click();
    await panel(admin.page).getByRole("heading", { name: "Kwame Mensah" }).waitFor();
    await panel(admin.page).getByText("No messages yet. Start the conversation!").waitFor();
    const input = panel(admin.page).getByPlaceholder("Type a message...");
    const send = panel(admin.page).getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    await input.fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await input.fill("Hello Kwame, can you help at the polling station on Friday?");
    await input.press("Enter");
    await panel(admin.page)
      .getByText("Hello Kwame, can you help at the polling station on Friday?")
      .waitFor();
    expect(await input.inputValue()).toBe("");

    // The voter: a badge on the button, live; the list shows who wrote and how many are unread.
    await voter.page.getByRole("button", { name: "Open messages, 1 unread" }).waitFor({ timeout: 5000 });
    expect(await voter.page.locator(".ChatDock_fabBadge").textContent()).toBe("1");
    // A screen reader hears of it too, in the page's polite region (the panel is closed).
    await voter.page
      .locator('[aria-live="polite"]', { hasText: "Grace Adeyemi sent you a direct message" })
      .waitFor({ state: "attached" });
    // Sounds are on by default (settings › notifications): the message chimed, once its code came
    // (the chime is fetched when it first plays, after the badge may already show).
    await expect
      .poll(() => voter.page.evaluate(() => (window as unknown as { chimes: number }).chimes))
      .toBe(1);
    await shot(voter.page, "chat-badge");
    await fab(voter.page).click();
    const grace = contact(voter.page, "Grace Adeyemi");
    await grace.filter({ hasText: "1 unread" }).waitFor();
    await grace.click();
    await panel(voter.page)
      .getByText("Hello Kwame, can you help at the polling station on Friday?")
      .waitFor();
    const reply = panel(voter.page).getByPlaceholder("Type a message...");
    await reply.fill("Yes, I'll be there at 8.");
    await panel(voter.page).getByRole("button", { name: "Send" }).click();
    await panel(voter.page).getByText("Yes, I'll be there at 8.").waitFor();
    // Messages sent in a burst all go, in order; the box is empty at once for the next.
    const burst = ["Bringing a flask of tea", "and two more helpers", "see you all there"];
    for (const word of burst) {
      await reply.fill(word);
      await reply.press("Enter");
      expect(await reply.inputValue()).toBe("");
    }
    const bubbles = panel(voter.page).locator("li");
    await bubbles.filter({ hasText: burst[2] }).waitFor();
    const texts = await bubbles.allInnerTexts();
    const at = burst.map((word) => texts.findIndex((row) => row.includes(word)));
    expect(at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]))).toBe(true);

    // The admin sees the reply arrive, and that their message was read.
    await panel(admin.page).getByText("Yes, I'll be there at 8.").waitFor({ timeout: 5000 });
    await panel(admin.page).getByText("Seen").waitFor({ timeout: 5000 });
    await shot(admin.page, "chat-conversation");

    // Opening the conversation cleared the voter's badge.
    await panel(voter.page).getByRole("button", { name: "Close messages" }).click();
    await voter.page.getByRole("button", { name: "Open messages", exact: true }).waitFor({ timeout: 5000 });
    expect(await voter.page.locator(".ChatDock_fabBadge").count()).toBe(0);

    // Back to the list: the last message and no unread count.
    await panel(admin.page).getByRole("button", { name: "Back to contacts" }).click();
    await contact(admin.page, "Kwame Mensah").filter({ hasText: "see you all there" }).waitFor();
    await shot(admin.page, "chat-contacts-with-messages");
    await admin.context.close();
    await voter.context.close();
  });

  it("a failed send keeps the text, says so, and Retry sends it", async () => {
    const { admin } = await adminAndVoter();
    const input = await openVoterConversation(admin.page);
    await admin.page.route("**/api/chat/conversations/*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await input.fill("Are you there?");
    await input.press("Enter");
    await notSent(admin.page).waitFor();
    expect(await input.inputValue()).toBe("Are you there?");
    expect(await panel(admin.page).getByRole("listitem").filter({ hasText: "Are you there?" }).count()).toBe(
      0,
    );
    await shot(admin.page, "chat-send-failed");

    await admin.page.unroute("**/api/chat/conversations/*");
    await panel(admin.page).getByRole("button", { name: "Retry" }).click();
    await panel(admin.page).getByRole("listitem").filter({ hasText: "Are you there?" }).waitFor();
    expect(await input.inputValue()).toBe("");
    await expect.poll(() => notSent(admin.page).count()).toBe(0);
    await admin.context.close();
  });

  it("a message whose answer was lost shows as sent once it arrives: no failure, nothing to send again", async () => {
    const { admin, voter } = await adminAndVoter();
    const input = await openVoterConversation(admin.page);
    // The message reaches the server and is stored; its answer never comes back (a dropped
    // connection), but the realtime socket brings it to the conversation.
    await admin.page.route("**/api/chat/conversations/*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await input.fill("Did this one arrive?");
    await input.press("Enter");
    const sent = panel(admin.page).getByRole("listitem").filter({ hasText: "Did this one arrive?" });
    await sent.waitFor();
    await expect.poll(() => input.inputValue()).toBe("");
    await expect.poll(() => notSent(admin.page).count()).toBe(0);
    expect(await panel(admin.page).getByRole("button", { name: "Retry" }).count()).toBe(0);
    await shot(admin.page, "chat-answer-lost-sent");
    await admin.page.unrouteAll({ behavior: "wait" });
    // Written once: the other side has it once.
    await voter.page.goto("/member");
    await fab(voter.page).click();
    await contact(voter.page, "Grace Adeyemi").click();
    const received = panel(voter.page).getByRole("listitem").filter({ hasText: "Did this one arrive?" });
    await received.waitFor();
    expect(await received.count()).toBe(1);
    await admin.context.close();
    await voter.context.close();
  });

  it("an open conversation stays, with its draft, when the other person leaves; then read-only, and found again after a reload", async () => {
    const { admin, voter } = await adminAndVoter();
    await admin.page.goto("/organization");
    await admin.page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await fab(admin.page).click();
    await contact(admin.page, "Kwame Mensah").click();
    const input = panel(admin.page).getByPlaceholder("Type a message...");
    await input.fill("Thanks for all your help");
    await input.press("Enter");
    await panel(admin.page).getByRole("listitem").filter({ hasText: "Thanks for all your help" }).waitFor();
    await input.fill("One more thing before");

    // Kwame leaves the organization (the list is read again live).
    const mine = await (await voter.context.request.get("/api/organizations/mine")).json();
    const left = await voter.context.request.post(`/api/organizations/${mine.current_id}/leave`);
    expect(left.ok()).toBe(true);
    const note = panel(admin.page).getByText(
      "Kwame Mensah is no longer in an organization with you. Your past messages stay here to read; new ones cannot be sent.",
    );
    await note.waitFor({ timeout: 5000 });
    // The conversation, its history and the draft are still there; nothing more can be sent.
    await panel(admin.page).getByRole("heading", { name: "Kwame Mensah" }).waitFor();
    await panel(admin.page).getByRole("listitem").filter({ hasText: "Thanks for all your help" }).waitFor();
    expect(await input.inputValue()).toBe("One more thing before");
    expect(await panel(admin.page).getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await shot(admin.page, "chat-contact-left");

    // After a reload the past conversation is still in the list, marked, and readable.
    await admin.page.reload();
    await fab(admin.page).click();
    const kwame = contact(admin.page, "Kwame Mensah");
    await kwame.filter({ hasText: "No shared organization" }).waitFor();
    await kwame.click();
    await panel(admin.page).getByRole("listitem").filter({ hasText: "Thanks for all your help" }).waitFor();
    await note.waitFor();
    await admin.context.close();
    await voter.context.close();
  });

  it("on a narrow screen the button covers no composer's send button", async () => {
    const { admin, channel } = await adminAndVoter();
    await admin.page.setViewportSize({ width: 390, height: 760 });
    await admin.page.goto(`/organization/text?channelId=${channel.id}&channelName=lobby`);
    const channelSend = admin.page.locator("main").getByRole("button", { name: "Send" });
    await channelSend.waitFor();
    const button = await fab(admin.page).boundingBox();
    const target = await channelSend.boundingBox();
    if (!button || !target) throw new Error("no layout");
    const overlaps =
      button.x < target.x + target.width &&
      target.x < button.x + button.width &&
      button.y < target.y + target.height &&
      target.y < button.y + button.height;
    expect(overlaps).toBe(false);
    await shot(admin.page, "chat-narrow-text-channel");
    await fab(admin.page).click();
    await panel(admin.page).getByText("Kwame Mensah").waitFor();
    // The panel slides in (0.16 s): picture it once it is still.
    await admin.page.waitForTimeout(300);
    await shot(admin.page, "chat-narrow-panel");
    await admin.context.close();
  });

  it("the button is on the airing, live and election screens too", async () => {
    const { admin } = await adminAndVoter();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const channels = [
      { name: "town-hall", type: "airing" },
      { name: "debate", type: "live" },
      {
        name: "council",
        type: "election",
        voting_settings: {
          startDate: day(7),
          endDate: day(8),
          candidates: [
            {
              name: "Ama Boateng",
              party: "Campus First",
              position: "president",
              image: "/demo/candidates/ama.svg",
            },
          ],
        },
      },
    ];
    for (const input of channels) {
      const created = await admin.context.request.post("/api/channels", { data: input });
      if (!created.ok()) throw new Error(`create ${input.type}: ${created.status()} ${await created.text()}`);
      const { channel } = await created.json();
      await admin.page.goto(`/organization/${input.type}?channelId=${channel.id}&channelName=${input.name}`);
      await fab(admin.page).waitFor();
      await fab(admin.page).click();
      await contact(admin.page, "Kwame Mensah").waitFor();
      await panel(admin.page).getByRole("button", { name: "Close messages" }).click();
    }
    await admin.context.close();
  });
});
