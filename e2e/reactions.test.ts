import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { launchBrowser, organizationWithVoter, shot } from "./support";

let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let voter: { context: BrowserContext; page: Page };
let channel: Channel;

const message = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).last();
const chip = (page: Page, text: string, emoji: string) =>
  message(page, text).locator(".Reactions_reaction", { hasText: emoji });

async function react(page: Page, text: string, emoji: string) {
  const row = message(page, text);
  await row.hover();
  await row.getByRole("button", { name: "Add reaction" }).click();
  await row.getByRole("button", { name: `React with ${emoji}` }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const setup = await organizationWithVoter(browser, {
    organization: { full_name: "Kofi Admin" },
    voter: { full_name: "Abena Mensah" },
  });
  owner = setup.owner;
  voter = setup.voter;
  const created = await owner.context.request.post("/api/channels", {
    data: { type: "text", name: "reactions" },
  });
  channel = (await created.json()).channel;
  await owner.context.request.post(`/api/channels/${channel.id}/posts`, {
    data: { content: "Polls open at eight" },
  });
  const at = (area: string) => `/${area}/text?channelId=${channel.id}&channelName=${channel.name}`;
  await owner.page.goto(at("organization"));
  await voter.page.goto(at("member"));
  await message(owner.page, "Polls open at eight").waitFor();
  await message(voter.page, "Polls open at eight").waitFor();
});
afterAll(() => browser?.close());

describe("emoji reactions", () => {
  it("two members see each other's reactions live, with counts, names and their own highlighted; the Like stays first", async () => {
    const text = "Polls open at eight";
    // The heart Like first.
    await message(voter.page, text).hover();
    await message(voter.page, text).getByRole("button", { name: "Like", exact: true }).click();
    // The picker offers the reactions, not a second heart.
    await message(voter.page, text).hover();
    await message(voter.page, text).getByRole("button", { name: "Add reaction" }).click();
    expect(
      await message(voter.page, text)
        .getByRole("button", { name: /^React with/ })
        .count(),
    ).toBe(10);
    expect(await message(voter.page, text).getByRole("button", { name: "React with ❤️" }).count()).toBe(0);
    await message(voter.page, text).getByRole("button", { name: "React with 🎉" }).click();

    // Kofi sees Abena's reaction arrive, named.
    const party = chip(owner.page, text, "🎉");
    await party.waitFor();
    expect(await party.getAttribute("aria-label")).toBe("🎉 1 reaction: Abena Mensah. Select to add yours");
    expect(await party.getAttribute("aria-pressed")).toBe("false");
    await shot(voter.page, "reactions-picker");

    // Kofi adds his to the same chip: two, his highlighted; Abena sees two live.
    await party.click();
    await expect.poll(() => party.getAttribute("aria-pressed")).toBe("true");
    const hers = chip(voter.page, text, "🎉");
    await expect
      .poll(() => hers.getAttribute("aria-label"))
      .toBe("🎉 2 reactions: Abena Mensah, Kofi Admin. Select to take yours back");
    await react(owner.page, text, "🔥");
    await chip(voter.page, text, "🔥").waitFor();
    expect(await chip(voter.page, text, "🔥").getAttribute("aria-pressed")).toBe("false");

    // The Like's heart stays the first chip.
    const first = message(owner.page, text).locator(".MessageReactions_msgReactions > *").first();
    expect(await first.getAttribute("aria-label")).toMatch(/^1 like/);
    await voter.page.mouse.move(0, 0);
    await shot(voter.page, "reactions-chips");

    // Abena takes hers back: Kofi sees one.
    await hers.click();
    await expect
      .poll(() => party.getAttribute("aria-label"))
      .toBe("🎉 1 reaction: Kofi Admin. Select to take yours back");
    // After a reload the same, from the server.
    await voter.page.reload();
    await expect
      .poll(() => chip(voter.page, text, "🎉").getAttribute("aria-label"))
      .toBe("🎉 1 reaction: Kofi Admin. Select to add yours");
  });
  it("the palette of the last message of a full channel opens where the list does not cut it off", async () => {
    for (let n = 1; n <= 20; n++) {
      await owner.context.request.post(`/api/channels/${channel.id}/posts`, {
        data: { content: `Filler ${n}` },
      });
    }
    const last = "The last word tonight";
    await owner.context.request.post(`/api/channels/${channel.id}/posts`, { data: { content: last } });
    await message(voter.page, last).waitFor();
    await message(voter.page, last).hover();
    await message(voter.page, last).getByRole("button", { name: "Add reaction" }).click();
    // Every choice is there to be pressed where it shows (nothing of the list or the composer over it).
    const hidden = await message(voter.page, last)
      .getByRole("button", { name: /^React with/ })
      .evaluateAll(
        (buttons) =>
          buttons.filter((button) => {
            const box = button.getBoundingClientRect();
            return !button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
          }).length,
      );
    expect(hidden).toBe(0);
    await shot(voter.page, "reactions-picker-last-message");
  });

  it("by keyboard: a pick and Escape give the focus back to Add reaction and close the palette, as the focus leaving does", async () => {
    const text = "Polls open at eight";
    const row = message(owner.page, text);
    const toggle = row.getByRole("button", { name: "Add reaction" });
    const palette = row.getByRole("group", { name: "Add reaction" });
    const focusedName = () => owner.page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await toggle.focus();
    await owner.page.keyboard.press("Enter");
    await row.getByRole("button", { name: "React with 👍" }).focus();
    await owner.page.keyboard.press("Enter");
    await palette.waitFor({ state: "detached" });
    expect(await focusedName()).toBe("Add reaction");
    await chip(owner.page, text, "👍").waitFor();
    // Escape on the button itself closes the palette it opened.
    await owner.page.keyboard.press("Enter");
    await palette.waitFor();
    await owner.page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached" });
    expect(await focusedName()).toBe("Add reaction");
    // Open, then the focus moves on along the toolbar: the palette does not stay behind.
    await owner.page.keyboard.press("Enter");
    await palette.waitFor();
    await owner.page.keyboard.press("ArrowRight");
    await palette.waitFor({ state: "detached" });
  });

  it("on a phone the palette stays on the screen, every reaction within reach", async () => {
    const text = "Polls open at eight";
    const phone = await voter.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(voter.page.url());
    const row = message(phone, text);
    await row.click();
    await row.getByRole("button", { name: "Add reaction" }).click();
    const choices = row.getByRole("button", { name: /^React with/ });
    await choices.first().waitFor();
    const boxes = await choices.evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    expect(boxes).toHaveLength(10);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    await shot(phone, "reactions-phone-palette");
    await row.getByRole("button", { name: "React with 👍" }).click();
    await chip(phone, text, "👍").waitFor();
    await phone.close();
  });
});
