import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionMessages } from "../contract/sessions";
import { baseURL, launchBrowser, newPage, registerVoter, shot, signedIn, signInAs } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE_UA = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";

describe("my sessions in the profile's security section", () => {
  it("lists this device and the others, and signs another one out, its open tab at once", async () => {
    const account = await registerVoter({ full_name: "Ama Sessions" });
    const laptop = await newPage(browser);
    await signInAs(laptop.context, account);
    const phone = await browser.newContext({ baseURL, userAgent: PHONE_UA });
    await signInAs(phone, account);
    const tablet = await browser.newContext({ baseURL, userAgent: PHONE_UA.replace("Mobile", "Tablet") });
    await signInAs(tablet, account);

    const { page } = laptop;
    await page.goto("/voters");
    const card = page.getByRole("region", { name: "Signed-in Devices" });
    await card.getByText("This device").waitFor();
    const rows = card.locator(".SessionsCard_session");
    expect(await rows.count()).toBe(3);
    expect(await card.locator(".SessionsCard_session[data-current]").textContent()).toContain("This device");
    expect(await rows.filter({ hasText: "Firefox on Android" }).count()).toBe(2);
    await shot(page, "profile-sessions");

    // End one other session: that browser is signed out, this one is not.
    await card
      .locator(".SessionsCard_session", { hasText: "Firefox on Android" })
      .first()
      .getByRole("button", { name: "Sign Out" })
      .click();
    await card.getByText(sessionMessages.ended).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    const stillIn = await Promise.all([phone, tablet].map(signedIn));
    expect(stillIn.sort()).toEqual([false, true]);

    // End all others, with the remaining one open in the workspace (its socket connected): that
    // tab signs out at once, with no click and no reload, and goes to the sign-in page.
    const alive = (await signedIn(phone)) ? phone : tablet;
    const open = await alive.newPage();
    const connected = open.waitForEvent("websocket");
    await open.goto("/member");
    await (await connected).waitForEvent("framereceived");
    await card.getByRole("button", { name: "Sign Out All Others" }).click();
    await card.getByText(sessionMessages.endedOthers).waitFor();
    await card.getByText(sessionMessages.none).waitFor();
    await open.waitForURL(/\/signin$/);
    await open.getByRole("button", { name: "Sign In" }).waitFor();
    // It says why, rather than showing the sign-in page for no reason: ended elsewhere, not expired.
    await open.getByText(/^You were signed out from another device/).waitFor();
    expect(await open.getByText("Your session has expired. Please sign in again.").count()).toBe(0);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(laptop.context)).toBe(true);
    await shot(page, "profile-sessions-ended");
    await Promise.all([laptop.context.close(), phone.close(), tablet.close()]);
  });
});
