import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { launchBrowser, newPage, registerOrganization, registerVoter, shot, signInAs } from "./support";

/**
 * A channel longer than a screen many times over: the list is windowed (only rows near the viewport
 * are mounted), yet scrolling back, jumping to a message far back, the unread divider, following new
 * messages and the keyboard focus behave as with every row mounted.
 */

/** Far more than one page (50): six pages to scroll back through. */
const MESSAGES = 300;
/** Read by the voter before leaving; the rest (40, several screens but within the first page) arrive while away. */
const READ = 260;
/** Read by a second reader: the 150 after them (three pages) arrive while away. */
const FAR_READ = 150;
/** Rows mounted at most (MessageList's MAX_ROWS, the focused row and the reader's place included), whatever the length of the channel. */
const MOUNTED_AT_MOST = 90;

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let voter: { context: BrowserContext; page: Page };
let farReader: { context: BrowserContext; page: Page };
let archive: Channel;
/** Entry 005's id: pinned, for a jump from the Pins tab. */
let pinned: string;
let organizationId: string;

const address = (area: "organization" | "member", channel: Channel) =>
  `/${area}/text?channelId=${channel.id}&channelName=${encodeURIComponent(channel.name)}`;
const label = (n: number) => `Entry ${String(n).padStart(3, "0")}`;
const message = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).last();
const log = (page: Page) => page.getByRole("log");
const mounted = (page: Page) => page.getByRole("article").count();

async function post(n: number) {
  // Entry 012 carries a word of its own, for search.
  const content = `${label(n)} of the minutes${n === 12 ? " pineapple" : ""}`;
  const response = await admin.context.request.post(`/api/channels/${archive.id}/posts`, {
    data: { content },
  });
  if (!response.ok()) throw new Error(`post: ${response.status()} ${await response.text()}`);
  if (n === 5) pinned = (await response.json()).id;
}

/** Whether the row showing `text` lies within the message list's viewport. */
async function inView(page: Page, text: string): Promise<boolean> {
  const row = await message(page, text).boundingBox();
  const frame = await log(page).boundingBox();
  if (!row || !frame) return false;
  return row.y + row.height > frame.y && row.y < frame.y + frame.height;
}

async function scrollLog(page: Page, to: "top" | "bottom" | number) {
  await log(page).evaluate((element, where) => {
    element.scrollTop =
      where === "top" ? 0 : where === "bottom" ? element.scrollHeight : element.scrollTop + where;
  }, to);
}

/**
 * Scrolls `offset` pixels back from the end and answers the place once it holds still away from the
 * top: scrolled past the rows loaded, the list loads the page before and keeps the place, and a place
 * read sooner is the top it is about to leave (a loaded machine took more than a fixed wait).
 */
async function scrollBackFromEnd(page: Page, offset: number): Promise<number> {
  await scrollLog(page, "bottom");
  await scrollLog(page, -offset);
  let last = Number.NaN;
  const settled = async () => {
    const now = await log(page).evaluate((element) => element.scrollTop);
    const still = now === last && now > 0;
    last = now;
    return still;
  };
  await expect.poll(settled, { interval: 300 }).toBe(true);
  return last;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await registerOrganization({ full_name: "Adjoa Admin" });
  admin = await newPage(browser);
  await signInAs(admin.context, owner);
  const mine = await (await admin.context.request.get("/api/organizations/mine")).json();
  const created = await admin.context.request.post("/api/channels", {
    data: { type: "text", name: "archive" },
  });
  archive = (await created.json()).channel;
  const member = await registerVoter({ full_name: "Kwesi Reader" });
  voter = await newPage(browser);
  await signInAs(voter.context, member);
  organizationId = mine.current_id;
  await voter.context.request.post(`/api/organizations/${mine.current_id}/join`);

  farReader = await newPage(browser);
  await signInAs(farReader.context, await registerVoter({ full_name: "Kojo Away" }));
  await farReader.context.request.post(`/api/organizations/${mine.current_id}/join`);

  /** A reader opens the channel (reading it to its end), then leaves it. */
  const readAndLeave = async ({ page }: { page: Page }) => {
    await page.goto(address("member", archive));
    await page.getByRole("article").first().waitFor();
    await page.waitForTimeout(800);
    await page.goto("/member");
  };
  for (let n = 1; n <= FAR_READ; n++) await post(n);
  await readAndLeave(farReader);
  for (let n = FAR_READ + 1; n <= READ; n++) await post(n);
  // The voter reads the first messages, then leaves; the rest arrive while away.
  await readAndLeave(voter);
  for (let n = READ + 1; n <= MESSAGES; n++) await post(n);
  const pin = await admin.context.request.put(`/api/posts/${pinned}/pin`);
  if (!pin.ok()) throw new Error(`pin: ${pin.status()} ${await pin.text()}`);
}, 240_000);
afterAll(() => browser?.close());

describe("a long text channel", () => {
  it("opens at the unread divider screens above the end, with the first unread message in view", async () => {
    const { page } = voter;
    await page.goto(address("member", archive));
    const divider = page.locator(".MessageList_unreadDivider");
    await divider.waitFor();
    await expect.poll(() => inView(page, label(READ + 1))).toBe(true);
    expect(await inView(page, label(MESSAGES))).toBe(false);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
    await shot(page, "long-channel-unread-divider");
  });

  it("for a member who never opened it, the divider is above the channel's first message, not the first page's", async () => {
    const { context, page } = await newPage(browser);
    await signInAs(context, await registerVoter({ full_name: "Esi Newcomer" }));
    await context.request.post(`/api/organizations/${organizationId}/join`);
    await page.goto(address("member", archive));
    // Every message unread, more than FOLLOW_PAGES back: the pages before load while the list follows
    // the divider up, then it opens at the newest message rather than in the middle of them.
    await expect.poll(() => inView(page, label(MESSAGES)), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await inView(page, label(MESSAGES))).toBe(true);
    const welcome = page.getByRole("heading", { name: "Welcome to #archive!" });
    for (let i = 0; i < 30 && !(await welcome.isVisible()); i++) {
      await scrollLog(page, "top");
      await page.waitForTimeout(250);
    }
    await scrollLog(page, "top");
    await expect.poll(() => inView(page, label(1))).toBe(true);
    const marked = page.locator("[data-row]").filter({ has: page.locator(".MessageList_unreadDivider") });
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.getByRole("article").textContent()).toContain(label(1));
    await shot(page, "long-channel-never-opened-divider");
    await context.close();
  });

  it("with pages unread, opens at the divider a few pages back, the first unread message in view", async () => {
    const { page } = farReader;
    await page.goto(address("member", archive));
    // The first page (251-300) is all unread: the pages before load until the divider is found.
    await expect.poll(() => inView(page, label(FAR_READ + 1)), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await inView(page, label(FAR_READ + 1))).toBe(true);
    const marked = page.locator("[data-row]").filter({ has: page.locator(".MessageList_unreadDivider") });
    expect(await marked.getByRole("article").textContent()).toContain(label(FAR_READ + 1));
    expect(await marked.evaluate((row) => row.getBoundingClientRect().top)).toBeGreaterThan(
      (await log(page).boundingBox())?.y ?? 0,
    );
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
    await shot(page, "long-channel-pages-unread-divider");
  });

  it("scrolling back loads every earlier page, keeps the place and mounts only rows near the view", async () => {
    const { page } = admin;
    await page.goto(address("organization", archive));
    await message(page, label(MESSAGES)).waitFor();
    const welcome = page.getByRole("heading", { name: "Welcome to #archive!" });
    for (let i = 0; i < 30 && !(await welcome.isVisible()); i++) {
      await scrollLog(page, "top");
      await page.waitForTimeout(250);
      expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
    }
    await scrollLog(page, "top");
    await expect.poll(() => inView(page, label(1))).toBe(true);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);

    // Step by step down a little: every row on the way is there and in order.
    await scrollLog(page, 4000);
    await page.waitForTimeout(200);
    const shown = await page.getByRole("article").allInnerTexts();
    const numbers = shown.map((row) => Number(row.match(/Entry (\d+)/)?.[1]));
    expect(numbers.length).toBeGreaterThan(5);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe((numbers[i - 1] as number) + 1);
    await shot(page, "long-channel-scrolled-back");

    // Wheel scrolling (as a reader does) moves through without losing the place.
    await log(page).hover();
    const firstBefore = numbers[0] as number;
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    const after = await page.getByRole("article").allInnerTexts();
    expect(Number(after[0]?.match(/Entry (\d+)/)?.[1])).toBeGreaterThan(firstBefore);
  });

  it("a message sent while scrolled back brings the sender to the end", async () => {
    const { page } = admin;
    await scrollLog(page, "top");
    await page.waitForTimeout(200);
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill("Closing the minutes");
    await composer.press("Enter");
    await expect.poll(() => inView(page, "Closing the minutes")).toBe(true);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
  });

  it("search jumps to a message many pages back and marks it", async () => {
    const { page } = admin;
    await page.reload();
    await message(page, "Closing the minutes").waitFor();
    const search = page.getByRole("searchbox", { name: "Search messages in this channel" });
    await search.fill("pineapple");
    await search.press("Enter");
    const result = page.locator(".ResultsPanel_searchResult", { hasText: "pineapple" });
    await result.click();
    const marked = page.locator(".MessageItem_msgHighlight", { hasText: "pineapple" });
    await marked.waitFor();
    await expect.poll(() => inView(page, "pineapple")).toBe(true);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
  });

  it("Pins' 'Jump to message' brings a message many pages back into view", async () => {
    const { page } = admin;
    await page.reload();
    await message(page, "Closing the minutes").waitFor();
    await page.getByRole("tab", { name: /Pins/ }).click();
    await page
      .getByRole("tabpanel", { name: /Pins/ })
      .getByRole("button", { name: "Jump to message" })
      .click();
    await page.locator(".MessageItem_msgHighlight", { hasText: label(5) }).waitFor();
    await expect.poll(() => inView(page, label(5))).toBe(true);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
  });

  it("the focused message stays mounted when scrolled far away, so focus is not lost", async () => {
    const { page } = admin;
    const row = message(page, label(12));
    await row.hover();
    await row.getByRole("button", { name: "More actions" }).focus();
    await scrollLog(page, "bottom");
    await page.waitForTimeout(300);
    const focus = await page.evaluate(() => {
      const active = document.activeElement;
      return { connected: !!active?.isConnected, inList: !!active?.closest("[role=log]") };
    });
    expect(focus).toEqual({ connected: true, inList: true });
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
    await page.getByRole("textbox", { name: "Message" }).focus();
  });

  it("on a narrow screen the scrolled-back list shows whole rows", async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollLog(page, "bottom");
    await scrollLog(page, -3000);
    await page.waitForTimeout(300);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
    await shot(page, "long-channel-narrow");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("rows that shrink by themselves leave no blank space: more rows are mounted without a scroll", async () => {
    const { page } = admin;
    // Far from either end, so the shorter list cannot move the scroll position either.
    await scrollLog(page, "top");
    await scrollLog(page, 3000);
    await page.waitForTimeout(300);
    // The rows below the top of the view become much shorter at once (a wider window reflowing their
    // text, threads closing): what the reader looks at does not move, so nothing scrolls.
    await log(page).evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      for (const row of element.querySelectorAll<HTMLElement>("[data-row]"))
        if (row.getBoundingClientRect().top > top + 40)
          Object.assign(row.style, { height: "4px", overflow: "hidden" });
    });
    /** How far the mounted rows reach below the viewport's bottom (negative: a blank gap). */
    const reach = () =>
      log(page).evaluate((element) => {
        const rows = [...element.querySelectorAll("[data-row]")];
        const last = rows.at(-1)?.getBoundingClientRect().bottom ?? 0;
        return last - element.getBoundingClientRect().bottom;
      });
    // Nothing scrolls, so only the rows' own new sizes can bring more rows in (waited for: a loaded
    // machine took more than a fixed half second to measure and mount them).
    await expect.poll(reach).toBeGreaterThanOrEqual(0);
    expect(await mounted(page)).toBeLessThanOrEqual(MOUNTED_AT_MOST);
  });

  it("Tab into the messages, or Shift+Tab back from the composer, focuses a control in view and leaves the list where it was", async () => {
    const { page } = admin;
    await page.goto(address("organization", archive));
    await page.getByRole("article").first().waitFor();
    const before = await scrollBackFromEnd(page, 2000 + 37);
    /** Where the focus is, once it is in the messages: its box against the list's, and the list's scroll. */
    const focusInLog = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        const frame = document.querySelector("[role=log]") as HTMLElement;
        if (!frame.contains(active)) return null;
        const box = active.getBoundingClientRect();
        const view = frame.getBoundingClientRect();
        return { inView: box.top >= view.top && box.bottom <= view.bottom, scrollTop: frame.scrollTop };
      });
    const pressUntilInLog = async (key: string) => {
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press(key);
        const focus = await focusInLog();
        if (focus) return focus;
      }
      return null;
    };
    // The channel's tabs come before the messages; the rows mounted above the view (a screen of
    // them) come first in document order.
    await page.getByRole("tab", { name: `# ${archive.name}` }).focus();
    const forward = await pressUntilInLog("Tab");
    await page.waitForTimeout(200);
    expect(forward).toEqual({ inView: true, scrollTop: before });
    expect(await focusInLog()).toEqual({ inView: true, scrollTop: before });
    await shot(page, "long-channel-tab-into-messages");

    // Focus moved there is the user's: clicking away takes it out of the messages for good, even
    // when the list changes after (the focus rescue does not bring back the control first chosen).
    await page.getByRole("heading", { name: archive.name }).first().click();
    await post(MESSAGES + 1);
    await page.waitForTimeout(300);
    expect(await focusInLog()).toBeNull();
    const now = await scrollBackFromEnd(page, 2000 + 37);

    await page.getByRole("textbox", { name: "Message" }).focus();
    const backward = await pressUntilInLog("Shift+Tab");
    await page.waitForTimeout(200);
    expect(backward).toEqual({ inView: true, scrollTop: now });
    expect(await focusInLog()).toEqual({ inView: true, scrollTop: now });
    await page.getByRole("textbox", { name: "Message" }).focus();

    // A control focused by a click or a script (a menu closing) keeps the focus, brought into view.
    const kept = await page.evaluate(() => {
      const frame = document.querySelector("[role=log]") as HTMLElement;
      const top = frame.getBoundingClientRect().top;
      const above = [...frame.querySelectorAll<HTMLElement>("[data-row]")].filter(
        (row) => row.getBoundingClientRect().bottom < top,
      );
      const control = above.at(-1)?.querySelector<HTMLElement>("button");
      if (!control) return "no control above the view";
      control.focus();
      return new Promise((resolve) =>
        setTimeout(() => {
          const box = control.getBoundingClientRect();
          const view = frame.getBoundingClientRect();
          resolve({
            focused: document.activeElement === control,
            inView: box.top >= view.top && box.bottom <= view.bottom,
          });
        }, 200),
      );
    });
    expect(kept).toEqual({ focused: true, inView: true });
    await page.getByRole("textbox", { name: "Message" }).focus();
  });
});
