import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";

/* What journeys and scripts share about a browser: nothing here reads from the test runner. */

/** Signs the browser context in through the API (its cookie jar gets the session). */
export async function signInAs(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post("/api/session", {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Whether the browser context is signed in: its session read answers a profile (not 401, not null). */
export async function signedIn(context: BrowserContext): Promise<boolean> {
  const response = await context.request.get("/api/session");
  return response.ok() && (await response.json()).profile !== null;
}

/**
 * Sets a demo account's password through the reset link the developer outbox shows (a demo server's,
 * read from this machine), so a script can sign in as it.
 */
export async function takeOverDemoAccount(context: BrowserContext, email: string, password: string) {
  await apiJson(context, "POST", "/api/password-resets", { email });
  const { messages } = await apiJson<{ messages: { to: string; body: string }[] }>(
    context,
    "GET",
    "/api/dev/outbox",
  );
  const link = messages.find((message) => message.to === email && /reset-password\//.test(message.body));
  const token = link?.body.match(/reset-password\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link for ${email} in the developer outbox: is this a demo server?`);
  await apiJson(context, "POST", "/api/password-resets/confirm", { token, password });
}

/** Calls the API as the browser context's signed-in account; anything but 2xx fails the test. */
export async function apiJson<T>(
  context: BrowserContext,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  data?: unknown,
): Promise<T> {
  const response =
    method === "GET"
      ? await context.request.get(url)
      : await context.request.fetch(url, { method, data: data ?? {} });
  if (!response.ok())
    throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The JSON the page is given by its next request to `pathname` (what its screen shows, whatever changes after). */
export async function answerTo<T>(page: Page, pathname: string): Promise<T> {
  const response = await page.waitForResponse((answer) => new URL(answer.url()).pathname === pathname);
  return (await response.json()) as T;
}

/** Waits until the screen has loaded (no request in flight, no loading notice). */
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page
    .locator("text=/^Loading/")
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * Resolves once a socket of `page` is told it is subscribed to `topic` (e.g. `user:<id>`, where direct
 * messages and mentions arrive). Call it before the navigation that opens the socket: what is sent
 * before the subscription is (rightly) never shown as new.
 */
export function subscribedTo(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload !== "string" || !payload.includes(topic)) return;
        const message = JSON.parse(payload) as { type?: string; topic?: string };
        if (message.type === "subscribed" && message.topic === topic) resolve();
      });
    });
  });
}

/** How far the page scrolls sideways (0 when it fits), and the outermost elements that stick out. */
export const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    if (extra <= 0) return "";
    // What sticks out past the right edge without an ancestor that clips it.
    const clipped = (element: HTMLElement) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const out = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !clipped(element),
    );
    return `${extra}px: ${out
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`)
      .join(", ")}`;
  });

/**
 * How far the workspace's main area scrolls sideways within itself (it scrolls up and down, so it
 * scrolls sideways too, where `sideways` does not see it: the page itself does not), "" when it fits.
 */
export const cutOff = (page: Page) =>
  page.evaluate(() => {
    const areas = [...document.querySelectorAll<HTMLElement>('main, main [class*="mainContent"]')];
    return areas
      .filter((area) => area.scrollWidth > area.clientWidth + 1)
      .map(
        (area) => `${area.className || area.tagName.toLowerCase()}: ${area.scrollWidth - area.clientWidth}px`,
      )
      .join(", ");
  });

/**
 * Words squeezed into a narrow column beside something (a button, a date): a block whose own text
 * (a sentence, 24 characters or more) runs four lines or more in under 150 px. On a phone such a
 * row should wrap, the words keeping the width (the profile's security rows read a word a line).
 * Each as its element and its words; "" when none.
 */
export const squeezed = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? "")
          .join("")
          .trim();
        if (own.length < 24) return false;
        const box = element.getBoundingClientRect();
        const line = Number.parseFloat(getComputedStyle(element).lineHeight) || 20;
        return box.width > 0 && box.width < 150 && box.height >= 4 * line - 1;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}: "${element.textContent?.trim().slice(0, 40)}"`,
      )
      .slice(0, 4)
      .join("; "),
  );

/**
 * Words cut mid-word across two lines (a table column squeezed below its longest word: "announcem /
 * ents"). A word is a run of letters: a break after a hyphen or between words is a line's ordinary
 * end; a word wider than half the view (a long address, a hash) may break where it must. Each as
 * the word and its element; "" when none.
 */
export const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const limit = document.documentElement.clientWidth / 2;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 4; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden="true"], .visually-hidden')) continue;
      for (const word of (node.textContent ?? "").matchAll(/\p{L}{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (lines.size > 1 && width < limit)
          found.push(`"${word[0]}" in ${parent.tagName.toLowerCase()}.${[...parent.classList].join(".")}`);
      }
    }
    return found.join("; ");
  });

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core on the page as it stands (its context needs bypassCSP): every violation, with up to
 * six nodes each; and two of our own, serious, that axe holds only in part (its landmark-unique is
 * moderate and page-wide): a data table without a name (a caption, aria-label or aria-labelledby),
 * and a landmark inside another of the same role and name (a region "Seals" in a region "Seals").
 */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    const found = (
      result.violations as Array<{
        id: string;
        impact: string;
        help: string;
        nodes: Array<{ target: string[]; failureSummary?: string }>;
      }>
    ).map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 6)
        .map((n) => `${n.target.join(" ")}: ${(n.failureSummary ?? "").split("\n")[1] ?? ""}`),
    }));
    // axe's name and role functions read its tree of the page, which it builds for a run.
    axe.setup(document);
    const nameOf = (element: Element): string => axe.commons.text.accessibleText(element).trim();
    // Rendered and in the accessibility tree: not in a closed <details>, a closed drawer (inert,
    // hidden) or anything else that leaves it out.
    const shown = (element: Element) =>
      !element.closest('[hidden], [aria-hidden="true"], [inert]') &&
      element.checkVisibility({ visibilityProperty: true });
    const where = (element: Element) => element.outerHTML.slice(0, 100);
    const unnamed = [...document.querySelectorAll("table")].filter((table) => shown(table) && !nameOf(table));
    if (unnamed.length > 0)
      found.push({
        rule: "table-name",
        impact: "serious",
        help: "A data table has a name",
        nodes: unnamed.map(where),
      });
    const LANDMARKS = new Set([
      "banner",
      "complementary",
      "contentinfo",
      "form",
      "main",
      "navigation",
      "region",
      "search",
    ]);
    const roleOf = (element: Element): string | null => axe.commons.aria.getRole(element);
    const nested = [...document.querySelectorAll("*")].filter((element) => {
      const role = roleOf(element);
      if (!role || !LANDMARKS.has(role) || !shown(element)) return false;
      const name = nameOf(element);
      for (let up = element.parentElement; up; up = up.parentElement)
        if (roleOf(up) === role && nameOf(up) === name) return true;
      return false;
    });
    if (nested.length > 0)
      found.push({
        rule: "landmark-nested-same-name",
        impact: "serious",
        help: "A landmark is not inside another of the same role and name",
        nodes: nested.slice(0, 6).map(where),
      });
    axe.teardown();
    return found;
  });
}

/** What a screen loaded: its scripts (each with its gzip size), their sizes and its API reads. */
export interface Loaded {
  names: string[];
  files: number;
  raw: number;
  gzip: number;
  wire: number;
  reads: number;
  repeated: number;
}

/** Opens `url` in a fresh tab, waits for `ready`, and adds up the scripts it loaded. */
export async function scriptsOf(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<Loaded> {
  const bodies: Promise<Buffer>[] = [];
  const wire: Promise<number>[] = [];
  const names: string[] = [];
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
  });
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    names.push(new URL(response.url()).pathname);
    bodies.push(response.body());
    wire.push(response.finished().then(async () => (await response.request().sizes()).responseBodySize));
  });
  await page.goto(url);
  await ready(page);
  await settle(page);
  const all = await Promise.all(bodies);
  const sent = await Promise.all(wire);
  return {
    names: names.map((name, i) => `${name} ${gzipSync(all[i] as Buffer, { level: 9 }).length}`),
    files: all.length,
    raw: all.reduce((sum, body) => sum + body.length, 0),
    gzip: all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    wire: sent.reduce((sum, bytes) => sum + bytes, 0),
    reads: reads.length,
    repeated: reads.length - new Set(reads).size,
  };
}
