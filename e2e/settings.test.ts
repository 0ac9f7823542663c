import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../contract/messages";
import type { UserSettings } from "../contract/settings";
import { launchBrowser, newPage, registerOrganization, registerVoter, shot, signInAs } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("settings", () => {
  it("a voter saves a session timeout and mutes a channel; both are kept on the server", async () => {
    const admin = await registerOrganization();
    const voter = await registerVoter();
    const { context, page } = await newPage(browser);
    await signInAs(context, admin);
    const mine = await (await context.request.get("/api/organizations/mine")).json();
    const profile = await (await context.request.get(`/api/organizations/${mine.current_id}`)).json();
    const created = await context.request.post("/api/channels", {
      data: { organization_id: mine.current_id, name: "announcements", type: "text" },
    });
    expect(created.ok()).toBe(true);
    const { channel } = await created.json();
    // Enough channels that the table's rows run on under the Save bar.
    for (const name of ["town-hall", "debates", "clubs", "sports", "notices"]) {
      const more = await context.request.post("/api/channels", {
        data: { organization_id: mine.current_id, name, type: "text" },
      });
      expect(more.ok()).toBe(true);
    }
    await context.clearCookies();
    await signInAs(context, voter);
    await context.request.post(`/api/invites/${profile.invite_code}/accept`);

    await page.goto("/member/settings");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    // Tabbed through at 1280 × 800, every control reached is in view above the Save bar, not under it.
    await page.setViewportSize({ width: 1280, height: 800 });
    const bar = page.locator(".SettingsPage_footer");
    const under: string[] = [];
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press("Tab");
      const covered = await bar.evaluate((footer) => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || footer.contains(element)) return null;
        const a = element.getBoundingClientRect();
        const b = footer.getBoundingClientRect();
        const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return overlaps
          ? (element.getAttribute("aria-label") ?? element.textContent ?? element.tagName)
          : null;
      });
      if (covered) under.push(covered);
    }
    expect(under).toEqual([]);
    const timeout = page.getByLabel("Session Timeout");
    expect(await timeout.inputValue()).toBe("30");
    await timeout.selectOption({ label: "1 hour" });
    await page.getByRole("checkbox", { name: "Muted: announcements" }).check();
    await page.getByRole("switch", { name: "Sounds" }).click();
    await shot(page, "settings-changed");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText(messages.settingsSaved).waitFor();
    await shot(page, "settings-saved");

    const saved = (await (await context.request.get("/api/settings")).json()) as UserSettings;
    expect(saved.security.sessionTimeout).toBe(60);
    expect(saved.channels.mutedChannels).toEqual([channel.id]);
    expect(saved.notifications.sounds).toBe(false);

    await page.reload();
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    expect(await page.getByLabel("Session Timeout").inputValue()).toBe("60");
    expect(await page.getByRole("checkbox", { name: "Muted: announcements" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/member");
    await context.close();
  });

  it("asks before unsaved changes are left behind: Back, the browser's Back and a reload", async () => {
    const { context, page } = await newPage(browser);
    await signInAs(context, await registerVoter());
    // Reached in the app, so that the browser's Back stays in the app.
    await page.goto("/member");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.getByRole("switch", { name: "Sounds" }).click();
    const asked: string[] = [];
    let answer = false;
    page.on("dialog", (dialog) => {
      asked.push(`${dialog.type()} ${dialog.message()}`);
      void (answer ? dialog.accept() : dialog.dismiss());
    });
    const question = "confirm You have unsaved changes. Leave without saving them?";

    // Refused: the page and its changes stay.
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => asked).toEqual([question]);
    expect(new URL(page.url()).pathname).toBe("/member/settings");
    // (Not page.goBack(): it waits for a navigation that the refusal undoes.)
    await page.evaluate(() => window.history.back());
    await expect.poll(() => asked).toEqual([question, question]);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/member/settings");
    await page.getByText("You have unsaved changes.").waitFor();
    expect(await page.getByRole("switch", { name: "Sounds" }).getAttribute("aria-checked")).toBe("false");
    // (Not page.reload(): it waits for the load that the refusal cancels.)
    await page.evaluate(() => {
      setTimeout(() => window.location.reload());
    });
    await expect.poll(() => asked.length).toBe(3);
    expect(asked[2]).toMatch(/^beforeunload/);
    await page.getByText("You have unsaved changes.").waitFor();
    await shot(page, "settings-leave-refused");

    // Accepted: Back leaves.
    answer = true;
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Notifications" }).waitFor({ state: "detached" });
    // Nothing unsaved: nothing asked.
    await page.goto("/member/settings");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/member");
    expect(asked).toHaveLength(4);
    await context.close();
  });
});
