import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Channel } from "../contract/channels";
import { messages } from "../contract/messages";
import { apiJson, launchBrowser, organizationWithVoter, shot } from "./support";

/** What a voter met on a 390 px phone: parts of a line that each broke in two. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The number of lines an element's text runs to. */
const lines = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
        .size;
    });

describe("on a phone", () => {
  it("a comment's author and time, a notice and a phone number each keep to their lines", {
    timeout: 120_000,
  }, async () => {
    const phone = { viewport: { width: 390, height: 844 } };
    const { owner, voter, organizationId } = await organizationWithVoter(
      browser,
      { voter: { full_name: "Amara Okafor", phone_number: "+234 801 555 0101" } },
      phone,
    );
    const { channel } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
      organization_id: organizationId,
      type: "text",
      name: "lounge",
    });
    const { page } = voter;
    await page.goto(`/member/text?channelId=${channel.id}&channelName=${channel.name}`);
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill("Hello from my phone");
    await composer.press("Enter");
    const row = page.getByRole("article").filter({ hasText: "Hello from my phone" });
    await row.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByRole("textbox", { name: "Comment" });
    await comment.fill("My first comment");
    await comment.press("Enter");
    await page.locator("[data-comment-id]").waitFor();

    // Beside Edit and Delete the name read "Amara / Okafor" and the time "Today 7:13 / PM".
    const head = "[data-comment-id] [class*='commentHead']";
    expect(await lines(page, `${head} > span:first-child`), "the author's name wraps").toBe(1);
    expect(await lines(page, `${head} time`), "the time wraps").toBe(1);

    // A toast was given half the screen (left: 50% and a shift back): a mention's notice ran six
    // lines in 195 px. It may take the screen's width less its margins.
    await row.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Copy link" }).click();
    // The spec's words for a copied link, as the channel menu says them (it said "Link copied to
    // clipboard" here).
    const toast = page.locator("[class*='Toast_toasts']").filter({ hasText: messages.linkCopied });
    await toast.waitFor();
    const width = await toast.evaluate((element) => {
      const probe = document.createElement("div");
      probe.className = element.querySelector("[role=status], [role=alert]")?.className ?? "";
      probe.textContent = "Daniel Mensah mentioned you in #General: are you coming to the town hall tonight?";
      element.append(probe);
      const measured = probe.getBoundingClientRect().width;
      probe.remove();
      return measured;
    });
    expect(width, "the notice is squeezed to half the screen").toBeGreaterThan(300);
    await shot(page, "phone-comment-and-toast");

    // The profile: the phone number went "+234 801 555" and "0101" beside its label.
    await page.goto("/voters");
    const number = page.locator("dd", { hasText: "+234 801 555 0101" });
    await number.waitFor();
    expect(await lines(page, "dd:has-text('+234 801 555 0101')"), "the phone number wraps").toBe(1);
    await shot(page, "phone-profile-contact");
    await owner.context.close();
    await voter.context.close();
  });

  it("on a touch screen: a tapped tab keeps its active look, a toast leaves the tabs clear, the device's badge keeps to its name, a pressed button shows it", {
    timeout: 120_000,
  }, async () => {
    // A phone that does not hover, and the name Samsung's browser is listed by (a long one).
    const phone = {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    };
    const { owner, voter, organizationId } = await organizationWithVoter(browser, {}, phone);
    const { channel } = await apiJson<{ channel: Channel }>(owner.context, "POST", "/api/channels", {
      organization_id: organizationId,
      type: "text",
      name: "lounge",
    });
    await apiJson(voter.context, "POST", `/api/channels/${channel.id}/posts`, {
      content: "Tapped, not hovered",
    });
    const { page } = voter;
    await page.goto(`/member/text?channelId=${channel.id}&channelName=${channel.name}`);
    const row = page.getByRole("article").filter({ hasText: "Tapped, not hovered" });
    await row.waitFor();

    // :hover sticks to what was last tapped: the channel's tab, tapped back, took the hover colour
    // over its active one.
    const general = page.getByRole("tab", { name: "# lounge" });
    const colour = () => general.evaluate((tab) => getComputedStyle(tab).color);
    const active = await colour();
    await page.getByRole("tab", { name: "Members" }).tap();
    await general.tap();
    await expect.poll(() => general.getAttribute("aria-selected")).toBe("true");
    expect(await colour(), "the tapped tab lost its active colour").toBe(active);

    // A copied link's notice lay over the tabs for three seconds: it shows below them.
    await row.getByRole("button", { name: "More actions" }).tap();
    await page.getByRole("menuitem", { name: "Copy link" }).tap();
    const toast = page.getByRole("status").filter({ hasText: messages.linkCopied });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox()) as Box;
    const tabs = (await page.getByRole("tablist", { name: channel.name }).boundingBox()) as Box;
    expect(overlaps(toastBox, tabs), "the toast covers the channel's tabs").toBe(false);
    const header = (await page.locator(".ChannelHeader_header").boundingBox()) as Box;
    expect(overlaps(toastBox, header), "the toast covers the channel's header").toBe(false);
    await shot(page, "phone-toast-below-tabs");

    // "This device" went to a line of its own under "Samsung Internet on Android": it keeps to the
    // name's last word.
    await page.goto("/voters");
    const badge = page.locator("[data-current] [class*='SessionsCard_badge']");
    await badge.waitFor();
    const together = await badge.evaluate((element) => {
      const name = element.parentElement?.firstChild as Text;
      const lastLetter = document.createRange();
      lastLetter.setStart(name, name.length - 1);
      lastLetter.setEnd(name, name.length);
      const word = lastLetter.getBoundingClientRect();
      const mark = element.getBoundingClientRect();
      return { name: name.data, sameLine: word.top < mark.bottom && mark.top < word.bottom };
    });
    expect(together.name).toBe("Samsung Internet on Android");
    expect(together.sameLine, "the badge is on a line of its own").toBe(true);
    await shot(badge.locator("xpath=ancestor::section[1]"), "phone-this-device");

    // With no hover, a button shows it is pressed while the finger is on it (:active; pressed here
    // with the pointer: the protocol's touch events do not make an element :active in this browser).
    const button = page.locator("main .btn:not(:disabled)").first();
    const at = (await button.boundingBox()) as Box;
    const filter = () => button.evaluate((element) => getComputedStyle(element).filter);
    expect(await filter()).toBe("none");
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    expect(await filter()).toBe("brightness(0.92)");
    await page.mouse.up();
    await owner.context.close();
    await voter.context.close();
  });

  it("the open messages panel keeps Tab inside it: the page it covers is out of reach; Back returns to the contact", async () => {
    const phone = { viewport: { width: 390, height: 844 } };
    const { owner, voter } = await organizationWithVoter(browser, {}, phone);
    const { page } = voter;
    await page.goto("/member");
    await page.getByRole("button", { name: /^Open messages/ }).click();
    const panel = page.getByRole("region", { name: "Messages" });
    // The organization's administrator, a contact to write to: a stop of the panel's.
    await panel.getByText("Kofi Admin").waitFor();
    // Each stop is in the panel (or the page itself between the last stop and the first).
    const outside: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return null;
        return active.closest("section[aria-label='Messages']") ? null : active.outerHTML.slice(0, 80);
      });
      if (where) outside.push(where);
    }
    expect(outside, "Tab reached what the panel covers").toEqual([]);
    await shot(page, "phone-messages-panel");

    // Back from a conversation, the focus is on the contact it was with (it was on the panel).
    await panel.getByText("Kofi Admin").click();
    await panel.getByRole("button", { name: "Back to contacts" }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.tagName === "BUTTON"
            ? (active.textContent ?? "")
            : `not a button: ${active?.tagName}`;
        }),
      )
      .toContain("Kofi Admin");
    await owner.context.close();
    await voter.context.close();
  });
});
