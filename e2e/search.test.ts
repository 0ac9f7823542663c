import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import type { ContactList } from "../contract/chat";
import type { Post } from "../contract/posts";
import { apiJson, launchBrowser, organizationWithVoter, shot } from "./support";

/** Organization-wide search: the sidebar's box, results from channels and direct messages, opening each. */
let browser: Browser;
let w: Awaited<ReturnType<typeof organizationWithVoter>>;
let hall: Channel;
let timetable: Post;

beforeAll(async () => {
  browser = await launchBrowser();
  w = await organizationWithVoter(browser, {
    organization: { full_name: "Yaw Admin" },
    voter: { full_name: "Efua Boateng" },
  });
  hall = (
    await apiJson<{ channel: Channel }>(w.owner.context, "POST", "/api/channels", {
      name: "hall",
      type: "text",
    })
  ).channel;
  const board = (
    await apiJson<{ channel: Channel }>(w.owner.context, "POST", "/api/channels", {
      name: "board",
      type: "text",
      is_private: true,
    })
  ).channel;
  timetable = await apiJson<Post>(w.owner.context, "POST", `/api/channels/${hall.id}/posts`, {
    content: "The Élection timetable is published",
  });
  await apiJson(w.owner.context, "POST", `/api/channels/${board.id}/posts`, {
    content: '<img src=x onerror="document.title=1"> electoral roll checked',
  });
  const { contacts } = await apiJson<ContactList>(
    w.voter.context,
    "GET",
    `/api/chat/contacts?organizationId=${w.organizationId}`,
  );
  const admin = contacts.find((contact) => contact.full_name === "Yaw Admin");
  if (!admin) throw new Error("the admin is not among the voter's contacts");
  await apiJson(w.voter.context, "POST", `/api/chat/conversations/${admin.id}`, {
    content: "Who are the election observers?",
  });
}, 240_000);
afterAll(() => browser?.close());

describe("organization search", () => {
  it("finds channel messages and one's direct messages by the start of a word, and opens them", async () => {
    const { page } = w.voter;
    await page.goto("/member");
    const box = page.getByRole("searchbox", { name: "Search messages and files" });
    await box.fill("e");
    await box.press("Enter");
    await page.getByRole("alert").getByText("Type at least 2 characters to search").waitFor();
    // Characters that make no word: the server's rule, and no Retry, which could not help.
    await box.fill("%_");
    await box.press("Enter");
    await page.waitForURL(/\/member\/search\?q=/);
    await page.getByRole("alert").getByText("Type letters or numbers to search for").waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);

    await box.fill("elec");
    await box.press("Enter");
    await page.waitForURL(/\/member\/search\?q=elec$/);
    await page.getByRole("status").getByText('3 results for "elec"').waitFor();
    const hits = page.locator(".HitItem_hit");
    expect(await hits.count()).toBe(3);
    // Newest first: the direct message, then the private channel's, then the hall's.
    await expect.poll(() => hits.nth(0).textContent()).toContain("Conversation with Yaw Admin");
    expect(await hits.nth(1).textContent()).toContain("# board");
    expect(await hits.nth(2).textContent()).toContain("# hall");
    expect(await page.locator(".HitItem_hit mark").allInnerTexts()).toEqual([
      "election",
      "electoral",
      "Élection",
    ]);
    // A message's markup is shown as text, never run.
    await hits.nth(1).getByText('<img src=x onerror="document.title=1">', { exact: false }).waitFor();
    expect(await page.locator(".HitItem_hit img").count()).toBe(0);
    await shot(page, "search-results");

    await hits.nth(2).click();
    await page.waitForURL(new RegExp(`/member/text\\?.*message=${timetable.id}`));
    await page
      .locator("article.MessageItem_msgHighlight", { hasText: "The Élection timetable is published" })
      .waitFor();
    await shot(page, "search-opened-message");

    await page.goBack();
    await page.locator(".HitItem_hit").first().click();
    const panel = page.locator(".ChatDock_panel");
    await panel.getByText("Who are the election observers?").waitFor();
    await shot(page, "search-opened-conversation");
  });
});
