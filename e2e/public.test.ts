import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, shot } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the public site", () => {
  it("is the web app as users get it: React's production build, whoever built it (a test run too)", async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const source = await (await context.request.get(url)).text();
      // The development JSX runtime and React's development warnings exist only in a development build.
      expect(source, url).not.toContain("jsxDEV");
      expect(source, url).not.toContain("react-dom-client.development");
    }
    await context.close();
  });

  it("opens on the landing page, whose Get Started leads to /signup", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shot(page, "landing");
    await page.getByRole("main").getByRole("link", { name: "Get Started" }).first().click();
    await page.waitForURL("**/signup");
    await context.close();
  });

  it("keeps every button's label readable under the pointer: a kind of button's own hover wins over the plain one", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const buttons = page.locator("main a.btn, main button.btn");
    const seen: string[] = [];
    for (let i = 0; i < (await buttons.count()); i++) {
      const button = buttons.nth(i);
      await button.scrollIntoViewIfNeeded();
      await button.hover();
      // Past the button's colour transition.
      await page.waitForTimeout(200);
      const { background, label, name } = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, label: style.color, name: element.textContent ?? "" };
      });
      seen.push(name);
      expect(background, `${name} under the pointer`).not.toBe(label);
      // The light hover of a plain button never lies under a white label.
      if (label === "rgb(255, 255, 255)") expect(background, name).not.toBe("rgb(248, 250, 252)");
    }
    expect(seen.length).toBeGreaterThan(1);
    await context.close();
  });

  it("has the five information pages behind the header links, with their anchors", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    for (const [label, path] of [
      ["Features", "/features"],
      ["Solutions", "/solutions"],
      ["Resources", "/resources"],
      ["Business", "/business"],
      ["Programs", "/programs"],
    ]) {
      await page.getByRole("banner").getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
    }
    for (const [path, anchor] of [
      ["/solutions", "how-it-works"],
      ["/resources", "getting-started"],
      ["/business", "pricing"],
      ["/programs", "failed-elections"],
    ]) {
      await page.goto(`${path}#${anchor}`);
      await page.locator(`#${anchor}`).waitFor();
    }
    await context.close();
  });

  it("shows the three pricing plans", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/business#pricing");
    const pricing = page.locator("#pricing");
    for (const text of [
      "Starter",
      "$20",
      "Up to 100 voters",
      "Professional",
      "$99",
      "Up to 1,000 voters",
      "Most Popular",
      "Enterprise",
      "Unlimited voters",
      "Contact Sales",
    ]) {
      await pricing.getByText(text, { exact: false }).first().waitFor({ timeout: 5000 });
    }
    await shot(page, "pricing");
    await context.close();
  });

  it("fits a phone screen, with a menu for the links", async () => {
    const context = await browser.newContext({
      baseURL: (await import("./support")).baseURL,
      viewport: { width: 390, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "landing-mobile");
    await context.close();
  });
});
