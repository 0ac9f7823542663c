// Over 300 lines: the text channel's journeys (messages, comments, reactions, panels) on one shared channel.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { firstMessages } from "../contract/first-messages";
import { messages } from "../contract/messages";
import type { OrganizationProfile } from "../contract/organizations";
import { postMessages } from "../contract/posts";
import {
  apiJson,
  launchBrowser,
  newPage,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
  until,
} from "./support";

/** A 1×1 PNG and a minimal PDF: the server checks files by their content, not only their name. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let voter: { context: BrowserContext; page: Page };
let organization: OrganizationProfile;
let town: Channel;
let board: Channel;
let lounge: Channel;
const voterName = "Abena Mensah";
const adminName = "Kofi Admin";

async function createChannel(context: BrowserContext, input: { name: string; is_private?: boolean }) {
  const response = await context.request.post("/api/channels", { data: { type: "text", ...input } });
  if (!response.ok()) throw new Error(`create channel: ${response.status()} ${await response.text()}`);
  return (await response.json()).channel as Channel;
}

const address = (area: "organization" | "member", channel: Channel) =>
  `/${area}/text?channelId=${channel.id}&channelName=${encodeURIComponent(channel.name)}`;

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
/** A message row by its text (the newest when several match). */
const message = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).last();

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await message(page, text).waitFor();
}

async function openMenu(page: Page, text: string) {
  const row = message(page, text);
  await row.hover();
  await row.getByRole("button", { name: "More actions" }).click();
}

async function attach(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await registerOrganization({ full_name: adminName });
  admin = await newPage(browser);
  await signInAs(admin.context, owner);
  const mine = await (await admin.context.request.get("/api/organizations/mine")).json();
  organization = await (await admin.context.request.get(`/api/organizations/${mine.current_id}`)).json();
  town = await createChannel(admin.context, { name: "town-square" });
  board = await createChannel(admin.context, { name: "board", is_private: true });
  lounge = await createChannel(admin.context, { name: "lounge" });

  const member = await registerVoter({ full_name: voterName });
  voter = await newPage(browser);
  await signInAs(voter.context, member);
  const joined = await voter.context.request.post(`/api/organizations/${organization.id}/join`);
  if (!joined.ok()) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
  await voter.context.grantPermissions(["clipboard-read", "clipboard-write"]);

  await admin.page.goto(address("organization", town));
  await voter.page.goto(address("member", town));
  await composer(admin.page).waitFor();
  await composer(voter.page).waitFor();
});
afterAll(() => browser?.close());

describe("text channel", () => {
  it("shows the header, the tabs and the welcome banner", async () => {
    const { page } = voter;
    await page.getByRole("heading", { name: "town-square", level: 1 }).waitFor();
    await page.getByText(organization.name).first().waitFor();
    await page.getByText("Text Channel", { exact: true }).waitFor();
    await page.getByText("2 members").waitFor();
    for (const tab of ["# town-square", "Members", "Media", "Pins", "Bookmarks", "Files"]) {
      await page.getByRole("tab", { name: tab }).waitFor();
    }
    await page.getByRole("heading", { name: "Welcome to #town-square!" }).waitFor();
    await page.getByRole("tab", { name: "Members" }).click();
    const members = page.getByRole("tabpanel", { name: "Members" });
    await members.getByText(adminName).waitFor();
    await members.getByText("Admin", { exact: true }).waitFor();
    await members.getByText(`${voterName} (you)`).waitFor();
    await shot(page, "text-channel-members");
    await page.getByRole("tab", { name: "# town-square" }).click();
  });

  it("a message sent in one browser appears in the other without reload, after 'is typing…'", async () => {
    await composer(voter.page).fill("Good morning");
    await admin.page.getByText(`${voterName} is typing…`).waitFor();
    await composer(voter.page).press("Enter");
    await message(admin.page, "Good morning").waitFor();
    expect(await message(admin.page, "Good morning").getByText(voterName).count()).toBe(1);
    // Never oneself.
    expect(await voter.page.getByText(/is typing…/).count()).toBe(0);
    await shot(admin.page, "text-channel-live-message");
  });

  /** What `page` posts to `url` the server writes, but its answer never comes back (a dropped connection). */
  async function loseAnswers(page: Page, url: string) {
    await page.route(url, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await route.fetch();
      await route.abort("connectionreset");
    });
  }

  /** A new tab of the voter's on #town-square whose socket never hears `event`. */
  async function tabMissing(event: string): Promise<Page> {
    const page = await voter.context.newPage();
    await page.routeWebSocket(/\/api\/ws/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((frame) => {
        if (!String(frame).includes(event)) socket.send(frame);
      });
    });
    await page.goto(address("member", town));
    return page;
  }

  /** Sends `text` from `page`: the server stores it, but its answer never comes back (a dropped connection). */
  async function sendAnswerLost(page: Page, text: string) {
    await loseAnswers(page, `**/api/channels/${town.id}/posts`);
    await composer(page).fill(text);
    await composer(page).press("Enter");
  }

  /**
   * A tab whose socket misses the message's event sends `text`: the server writes it, its answer
   * is lost, and the text comes back to the box, said unsent.
   */
  async function answerLostUnseen(text: string): Promise<Page> {
    const page = await tabMissing("post.created");
    await composer(page).waitFor();
    await sendAnswerLost(page, text);
    await page.getByText(postMessages.sendFailed, { exact: false }).waitFor();
    await page.unrouteAll({ behavior: "wait" });
    return page;
  }

  /** `text`, back in `page`'s box, sent again: the box empties, and the other browser lists it once. */
  async function sentAgainPostedOnce(page: Page, text: string) {
    expect(await composer(page).inputValue()).toBe(text);
    await composer(page).press("Enter");
    await until(
      () => composer(page).inputValue(),
      (value) => value === "",
      "the box emptied",
    );
    await page.close();
    await admin.page.reload();
    await message(admin.page, text).waitFor();
    expect(await admin.page.getByRole("article").filter({ hasText: text }).count()).toBe(1);
  }

  it("a message whose answer was lost shows as sent once it arrives: no failure, nothing to send again", async () => {
    await sendAnswerLost(voter.page, "Arrived all the same");
    // The realtime socket brings it to the list: it was sent, and the composer says nothing else.
    await message(voter.page, "Arrived all the same").waitFor();
    await expect.poll(() => composer(voter.page).inputValue()).toBe("");
    await expect.poll(() => voter.page.getByText(postMessages.sendFailed, { exact: false }).count()).toBe(0);
    await shot(voter.page, "text-channel-answer-lost-sent");
    await voter.page.unrouteAll({ behavior: "wait" });
    await message(admin.page, "Arrived all the same").waitFor();
    expect(await admin.page.getByRole("article").filter({ hasText: "Arrived all the same" }).count()).toBe(1);
  });

  it("a message whose answer was lost, sent again, is posted once", async () => {
    const page = await answerLostUnseen("Posted once only");
    // The text came back to the box; sent again, the server answers with the message it wrote.
    await sentAgainPostedOnce(page, "Posted once only");
  });

  it("a message whose answer was lost, refused on its next try, is still posted once", async () => {
    const page = await answerLostUnseen("Refused then posted once");
    // Its second try is refused before the server looks for it (the limit on messages, as the server words it).
    const tooMany = messages.tooManyAttempts(30);
    await page.route(`**/api/channels/${town.id}/posts`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 429,
            headers: { "retry-after": "30" },
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "rate_limited", message: tooMany } }),
          })
        : route.fallback(),
    );
    await composer(page).press("Enter");
    await page.getByText(tooMany, { exact: false }).waitFor();
    await shot(page, "text-channel-refused-after-lost");
    await page.unrouteAll({ behavior: "wait" });
    // The third try goes under the first one's id: the server answers with the message it wrote.
    await sentAgainPostedOnce(page, "Refused then posted once");
  });

  it("a message on its way says so, and one refused after the user went to another channel comes back there", async () => {
    const page = await voter.context.newPage();
    await page.goto(address("member", town));
    await composer(page).waitFor();
    // The server holds the post: the box empties and says it is sending.
    let refuse: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (refuse = resolve));
    await page.route(`**/api/channels/${town.id}/posts`, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      await route.abort("connectionrefused");
    });
    await composer(page).fill("Held by a slow server");
    await composer(page).press("Enter");
    await page.getByRole("status").filter({ hasText: "Sending..." }).waitFor();
    expect(await composer(page).inputValue()).toBe("");
    await shot(page, "text-channel-sending");
    // The user opens another channel while it is on its way; it is refused meanwhile.
    await page
      .getByRole("link", { name: /lounge/ })
      .first()
      .click();
    await page.waitForURL(/lounge/);
    refuse();
    await page.unrouteAll({ behavior: "wait" });
    await page
      .getByRole("link", { name: /town-square/ })
      .first()
      .click();
    await page.getByText(postMessages.sendFailed, { exact: false }).waitFor();
    expect(await composer(page).inputValue()).toBe("Held by a slow server");
    await page.close();
  });

  it("a message sent while the channel is still loading shows once it has loaded", async () => {
    const early = await createChannel(admin.context, { name: "early-news" });
    const { page } = voter;
    // The channel's first read is made at once but answered only after the message is sent: it
    // holds the channel as it was before the message.
    let answer = () => {};
    const sent = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(
      (url) => url.pathname === `/api/channels/${early.id}/posts` && !url.searchParams.has("before"),
      async (route) => {
        const response = await route.fetch();
        await sent;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.goto(address("member", early));
    await composer(page).fill("Sent before the channel loaded");
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith(`/${early.id}/posts`),
    );
    await composer(page).press("Enter");
    expect((await posted).status()).toBe(201);
    answer();
    await message(page, "Sent before the channel loaded").waitFor();
    await page.goto(address("member", town));
  });

  it("a message posted after the channel's first read but before its subscription took effect shows", async () => {
    const late = await createChannel(admin.context, { name: "late-news" });
    const page = await voter.context.newPage();
    // The channel's subscription waits until the message is posted; the first read is answered before.
    let release = () => {};
    const posted = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.routeWebSocket(/\/api\/ws/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (frame) => {
        if (String(frame).includes(`channel:${late.id}`)) await posted;
        server.send(frame);
      });
    });
    const firstRead = page.waitForResponse(
      (response) => response.url().endsWith(`/api/channels/${late.id}/posts`) && response.ok(),
    );
    // Opening the channel marks it read (up to then): the message comes after that mark.
    const firstMark = page.waitForResponse(
      (response) => response.url().endsWith(`/api/channels/${late.id}/read`) && response.ok(),
    );
    await page.goto(address("member", late));
    await firstRead;
    await firstMark;
    const response = await admin.context.request.post(`/api/channels/${late.id}/posts`, {
      data: { content: "Posted while the subscription was on its way" },
    });
    expect(response.status()).toBe(201);
    release();
    // The confirmation says the channel was not quiet since the first read: it is read again,
    // and the open channel is marked read up to the message it brought.
    await message(page, "Posted while the subscription was on its way").waitFor();
    await until(
      async () =>
        (
          await apiJson<{ unread: Record<string, number> }>(
            voter.context,
            "GET",
            `/api/organizations/${organization.id}/unread`,
          )
        ).unread[late.id] ?? 0,
      (count) => count === 0,
      "the late channel's unread count",
    );
    await page.close();
  });

  it("a like's count and a comment reach the other browser live; a blank comment is refused", async () => {
    await send(voter.page, "Who is coming on Friday?");
    const row = message(admin.page, "Who is coming on Friday?");
    await row.waitFor();
    await row.hover();
    await row.getByRole("button", { name: "Like", exact: true }).click();
    await message(voter.page, "Who is coming on Friday?")
      .getByRole("button", { name: /^1 like\./ })
      .waitFor();

    const mine = message(voter.page, "Who is coming on Friday?");
    await mine.hover();
    await mine.getByRole("button", { name: "Reply" }).click();
    const input = voter.page.getByRole("textbox", { name: "Comment" });
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await input.press("Enter");
    await voter.page.getByText(postMessages.commentEmpty).waitFor();
    // Enter empties the box at once: the next comment is written while one is on its way.
    await input.fill("Count me in");
    await input.press("Enter");
    expect(await input.inputValue()).toBe("");
    await input.fill("And my brother");
    await input.press("Enter");
    expect(await input.inputValue()).toBe("");

    await row.getByRole("button", { name: "2 comments" }).click();
    await row.getByText("And my brother").waitFor();
    const comments = await row.getByRole("listitem").allInnerTexts();
    const first = comments.findIndex((text) => text.includes("Count me in"));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(comments.findIndex((text) => text.includes("And my brother"))).toBeGreaterThan(first);
    await shot(admin.page, "text-channel-like-comment");

    // Refused: the comment comes back to the box with why, and goes once the server takes it.
    await voter.page.route("**/api/posts/*/comments", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            json: { error: { code: "unavailable", message: "Try again in a moment." } },
          })
        : route.fallback(),
    );
    await input.fill("We bring chairs");
    await input.press("Enter");
    await voter.page.getByRole("alert").filter({ hasText: firstMessages.serviceUnavailable }).waitFor();
    expect(await input.inputValue()).toBe("We bring chairs");
    await voter.page.unroute("**/api/posts/*/comments");
    await input.press("Enter");
    await row.getByText("We bring chairs").waitFor();
    expect(await input.inputValue()).toBe("");

    // Refused after the thread was closed: the comment waits for the box to open again, with why.
    let refuse!: () => void;
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    await voter.page.route("**/api/posts/*/comments", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await refused;
      await route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "Later." } } });
    });
    await input.fill("Sent as I closed it");
    await input.press("Enter");
    const mineNow = message(voter.page, "Who is coming on Friday?");
    await mineNow.getByRole("button", { name: "Hide comments" }).first().click();
    await input.waitFor({ state: "detached" });
    refuse();
    await voter.page.waitForTimeout(300);
    await voter.page.unroute("**/api/posts/*/comments");
    await mineNow.getByRole("button", { name: "3 comments" }).first().click();
    await expect.poll(() => input.inputValue()).toBe("Sent as I closed it");
    await voter.page.getByRole("alert").filter({ hasText: firstMessages.serviceUnavailable }).waitFor();
  });

  it("a comment whose answer was lost, sent again, is written once", async () => {
    await send(voter.page, "Lunch at one?");
    // A tab whose socket misses the comment's event: the text comes back to the box, said unsent.
    const page = await tabMissing("comment.created");
    const row = message(page, "Lunch at one?");
    await row.hover();
    await row.getByRole("button", { name: "Reply" }).click();
    const input = page.getByRole("textbox", { name: "Comment" });
    await loseAnswers(page, "**/api/posts/*/comments");
    await input.fill("Make it half past");
    await input.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Could not reach the Votespace server" }).waitFor();
    expect(await input.inputValue()).toBe("Make it half past");
    await page.unrouteAll({ behavior: "wait" });
    // Sent again: under the id it went with, so the server answers with the comment it wrote.
    await input.press("Enter");
    await row.getByText("Make it half past").waitFor();
    await expect.poll(() => input.inputValue()).toBe("");
    await shot(page, "text-channel-comment-answer-lost");
    await page.close();
    await admin.page.reload();
    const theirs = message(admin.page, "Lunch at one?");
    await theirs.getByRole("button", { name: "1 comment" }).click();
    await theirs.getByText("Make it half past").waitFor();
    expect(await theirs.getByText("Make it half past").count()).toBe(1);
  });

  it("an image upload shows inline and in Media; a PDF shows in Files with 'Shared by … on …' and downloads", async () => {
    await attach(voter.page, "Attach an image", { name: "poster.png", mimeType: "image/png", buffer: PNG });
    await voter.page.getByText("Ready to send").waitFor();
    await composer(voter.page).fill("The poster");
    await composer(voter.page).press("Enter");
    await message(admin.page, "The poster").locator('img[alt="poster.png"]').waitFor();

    await attach(voter.page, "Attach a file (PDF, DOC, DOCX, TXT, ZIP or RAR)", {
      name: "minutes.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await voter.page.getByText("Ready to send").waitFor();
    await voter.page.getByRole("button", { name: "Send" }).click();
    await admin.page.locator(".MessageItem_msg .Attachment_fileName", { hasText: "minutes.pdf" }).waitFor();

    // A file the server refuses (a "PDF" that is text inside) says why and sends nothing.
    await attach(voter.page, "Attach a file (PDF, DOC, DOCX, TXT, ZIP or RAR)", {
      name: "fake.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just some text"),
    });
    // In the rule's words, as the browser's own check says them (no "Upload failed: " before).
    await voter.page.getByText(postMessages.attachmentNotAsNamed("pdf"), { exact: true }).waitFor();

    await admin.page.getByRole("tab", { name: "Media" }).click();
    await admin.page.getByRole("button", { name: "Open poster.png full size" }).waitFor();
    await shot(admin.page, "text-channel-media");
    await admin.page.getByRole("tab", { name: "Files" }).click();
    const files = admin.page.getByRole("tabpanel", { name: "Files" });
    await files.getByText("minutes.pdf").waitFor();
    await files.getByText(new RegExp(`^Shared by ${voterName} on .+`)).waitFor();
    expect(await files.getByText("fake.pdf").count()).toBe(0);
    await shot(admin.page, "text-channel-files");
    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      files.getByRole("link", { name: "Download minutes.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("minutes.pdf");
    await admin.page.getByRole("tab", { name: "# town-square" }).click();
    await voter.page.getByRole("button", { name: "Remove attachment" }).waitFor({ state: "detached" });
  });

  it("only the admin pins; the pin shows as a yellow badge count in the voter's browser", async () => {
    await send(voter.page, "Meeting moved to 6 pm");
    await openMenu(voter.page, "Meeting moved to 6 pm");
    expect(await voter.page.getByRole("menuitem", { name: "Pin message" }).count()).toBe(0);
    await voter.page.keyboard.press("Escape");

    await openMenu(admin.page, "Meeting moved to 6 pm");
    await admin.page.getByRole("menuitem", { name: "Pin message" }).click();
    const badge = voter.page.getByRole("tab", { name: /Pins/ }).locator(".ChannelTabs_badgePins");
    await badge.waitFor();
    expect(await badge.evaluate((element) => element.firstChild?.textContent)).toBe("1");
    expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(234, 179, 8)",
    );
    await voter.page.getByRole("tab", { name: /Pins/ }).click();
    await voter.page.getByRole("tabpanel", { name: /Pins/ }).getByText("Meeting moved to 6 pm").waitFor();
    await shot(voter.page, "text-channel-pins");
    await voter.page.getByRole("tab", { name: "# town-square" }).click();
  });

  it("bookmarks are the user's own, with a blue badge", async () => {
    await openMenu(voter.page, "Meeting moved to 6 pm");
    await voter.page.getByRole("menuitem", { name: "Bookmark" }).click();
    await voter.page
      .getByRole("tab", { name: /Bookmarks/ })
      .locator(".ChannelTabs_badgeBookmarks")
      .waitFor();
    expect(await admin.page.locator(".ChannelTabs_badgeBookmarks").count()).toBe(0);
  });

  it("a message with HTML and script shows literally; links open in a new tab", async () => {
    const dialogs: string[] = [];
    admin.page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const markup = "<script>alert(1)</script><b>x</b> see https://example.com/agenda.";
    await send(voter.page, markup);
    const row = message(admin.page, "<script>alert(1)</script><b>x</b>");
    await row.waitFor();
    expect(await row.locator(".MessageItem_msgText b").count()).toBe(0);
    expect(await row.locator(".MessageItem_msgText script").count()).toBe(0);
    const link = row.getByRole("link", { name: "https://example.com/agenda" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(dialogs).toEqual([]);
    await shot(admin.page, "text-channel-literal-html");
  });

  it("@mentions are suggested in the composer and highlighted in messages", async () => {
    await composer(voter.page).fill("Thanks @Kof");
    await voter.page.getByRole("option", { name: new RegExp(adminName) }).waitFor();
    await composer(voter.page).press("Enter");
    expect(await composer(voter.page).inputValue()).toBe(`Thanks @${adminName} `);
    await composer(voter.page).press("Enter");
    await message(admin.page, `Thanks @${adminName}`)
      .locator(".RichText_mention", { hasText: `@${adminName}` })
      .waitFor();
  });

  it("search finds a message and jumps to it", async () => {
    const search = admin.page.getByRole("searchbox", { name: "Search messages in this channel" });
    await search.fill("Friday");
    await search.press("Enter");
    const result = admin.page.locator(".ResultsPanel_searchResult", { hasText: "Who is coming on Friday?" });
    await result.waitFor();
    await shot(admin.page, "text-channel-search");
    await result.click();
    await admin.page.locator(".MessageItem_msgHighlight", { hasText: "Who is coming on Friday?" }).waitFor();
  });

  it("the author edits and deletes a message (after confirming); the other browser follows", async () => {
    await send(voter.page, "Typo in thsi one");
    await openMenu(voter.page, "Typo in thsi one");
    await voter.page.getByRole("menuitem", { name: "Edit" }).click();
    const box = voter.page.getByRole("textbox", { name: "Edit message" });
    await box.fill("Typo fixed in this one");
    await box.press("Enter");
    await message(admin.page, "Typo fixed in this one").getByText("(edited)").waitFor();

    // The admin may not edit someone else's message.
    await openMenu(admin.page, "Typo fixed in this one");
    expect(await admin.page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    await admin.page.keyboard.press("Escape");

    await openMenu(voter.page, "Typo fixed in this one");
    await voter.page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = voter.page.getByRole("dialog", { name: "Delete message" });
    await dialog.getByText("Delete this message? This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await admin.page
      .getByRole("article")
      .filter({ hasText: "Typo fixed in this one" })
      .waitFor({ state: "detached" });
    // The message went with the menu's button that opened the dialog: the focus stays in the
    // message list, not back at the start of the page.
    await expect
      .poll(() => voter.page.evaluate(() => !!document.activeElement?.closest('[role="log"]')))
      .toBe(true);
  });

  it("copying a message says 'Message copied to clipboard!'", async () => {
    await openMenu(voter.page, "Good morning");
    await voter.page.getByRole("menuitem", { name: "Copy text" }).click();
    await voter.page.getByText(postMessages.copied).waitFor();
    expect(await voter.page.evaluate(() => navigator.clipboard.readText())).toBe("Good morning");
    // The confirmation goes after 1500 ms.
    await voter.page.getByText(postMessages.copied).waitFor({ state: "detached", timeout: 3000 });
  });

  it("reporting a message reaches the administrators", async () => {
    await openMenu(admin.page, "Good morning");
    await admin.page.getByRole("menuitem", { name: "Report" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Report message" });
    await dialog.getByLabel("Reason (optional)").fill("Testing reports");
    await dialog.getByRole("button", { name: "Report" }).click();
    await admin.page.getByText(postMessages.reported).waitFor();

    // The administrators' list on the organization profile: the message, who reported it and why.
    await admin.page.goto("/organization/profile");
    const panel = admin.page.getByRole("region", { name: "Reported messages" });
    const report = panel.getByRole("listitem").filter({ hasText: "Testing reports" });
    await report.getByText("Good morning").waitFor();
    await report.getByText(new RegExp(`Reported by ${adminName} on .+ in #town-square`)).waitFor();
    await shot(admin.page, "text-channel-reports");
    await report.getByRole("button", { name: "Dismiss" }).click();
    await report.waitFor({ state: "detached" });
    await admin.page.goto(address("organization", town));
    await composer(admin.page).waitFor();
  });

  it("the reports list shows the oldest 50 open reports, how many are open, and 50 more on Show more", async () => {
    const flooded = await createChannel(admin.context, { name: "flooded" });
    for (let i = 1; i <= 52; i++) {
      const post = await (
        await admin.context.request.post(`/api/channels/${flooded.id}/posts`, {
          data: { content: `Flood ${i}` },
        })
      ).json();
      await voter.context.request.post(`/api/posts/${post.id}/report`, {
        data: { reason: `Flood report ${i}` },
      });
    }
    // Read by the voter: the next journey counts the voter's unread channels.
    expect((await voter.context.request.post(`/api/channels/${flooded.id}/read`)).ok()).toBe(true);
    await admin.page.goto("/organization/profile");
    const panel = admin.page.getByRole("region", { name: "Reported messages" });
    await panel.getByText("Showing the oldest 50 of 52 open reports").waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(50);
    await panel.getByText("Flood 50", { exact: true }).waitFor();
    await shot(admin.page, "text-channel-reports-many");
    await panel.getByRole("button", { name: "Show more" }).scrollIntoViewIfNeeded();
    await shot(admin.page, "text-channel-reports-more");
    await panel.getByRole("button", { name: "Show more" }).click();
    await panel.getByText("Flood 52", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(52);
    await panel.getByText(/Showing the oldest/).waitFor({ state: "detached" });
    await expect(panel.getByRole("button", { name: "Show more" }).count()).resolves.toBe(0);
    // A report decided elsewhere (another administrator, another tab) leaves the list live.
    const page = await (
      await admin.context.request.get(`/api/organizations/${organization.id}/reports?limit=60`)
    ).json();
    const last = page.reports.find((r: { reason: string }) => r.reason === "Flood report 52");
    expect((await admin.context.request.post(`/api/reports/${last.id}/dismiss`)).ok()).toBe(true);
    await panel.getByText("Flood 52", { exact: true }).waitFor({ state: "detached" });
    expect(await panel.getByRole("listitem").count()).toBe(51);
    await admin.page.goto(address("organization", town));
    await composer(admin.page).waitFor();
  });

  it("a message in another channel raises its unread badge in the sidebar until the channel is opened", async () => {
    const row = voter.page.getByRole("link", { name: /^lounge/ });
    await row.waitFor();
    // A second tab of the voter's, on another channel, on a phone: the drawer closed, its menu
    // button carries the count.
    const other = await voter.context.newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto(address("member", town));
    const menu = other.getByRole("button", { name: "Open channel list" });
    await menu.waitFor();
    const response = await admin.context.request.post(`/api/channels/${lounge.id}/posts`, {
      data: { content: "Fresh news in the lounge" },
    });
    expect(response.ok()).toBe(true);
    await voter.page.getByRole("link", { name: /^lounge.*1 unread/ }).waitFor();
    // Its name says the count it shows (read by a screen reader as seen).
    await expect
      .poll(() => menu.evaluate((button) => button.textContent))
      .toBe("Open channel list 1 unread in channels");
    await shot(other, "text-channel-phone-unread");
    await menu.click();
    await other.getByRole("link", { name: /^lounge.*1 unread/ }).waitFor();
    // Two more, then deleted: the badge goes back down, as the server counts.
    const more = [];
    for (const content of ["Wrong room, sorry", "Ignore that too"]) {
      const sent = await admin.context.request.post(`/api/channels/${lounge.id}/posts`, {
        data: { content },
      });
      more.push(((await sent.json()) as { id: string }).id);
    }
    await voter.page.getByRole("link", { name: /^lounge.*3 unread/ }).waitFor();
    await other.getByRole("link", { name: /^lounge.*3 unread/ }).waitFor();
    for (const id of more) expect((await admin.context.request.delete(`/api/posts/${id}`)).ok()).toBe(true);
    await voter.page.getByRole("link", { name: /^lounge.*1 unread/ }).waitFor();
    await other.getByRole("link", { name: /^lounge.*1 unread/ }).waitFor();
    await row.click();
    await message(voter.page, "Fresh news in the lounge").waitFor();
    await voter.page.getByRole("link", { name: /^lounge$/ }).waitFor();
    // Read in one tab, read in the other: its badge clears there too, without a reload.
    await other.getByRole("link", { name: /^lounge$/ }).waitFor();
    await other.close();
    // Read on the server too: a reload shows no badge.
    await voter.page.reload();
    await message(voter.page, "Fresh news in the lounge").waitFor();
    expect(await voter.page.getByRole("link", { name: /unread/ }).count()).toBe(0);
    await voter.page.goto(address("member", town));
    await composer(voter.page).waitFor();
  });

  it("in a private channel the voter's composer is replaced by the locked notice", async () => {
    await voter.page.goto(address("member", board));
    await voter.page.getByText(postMessages.locked).waitFor();
    expect(await composer(voter.page).count()).toBe(0);
    await shot(voter.page, "text-channel-locked");
    await admin.page.goto(address("organization", board));
    await composer(admin.page).waitFor();
  });
});
