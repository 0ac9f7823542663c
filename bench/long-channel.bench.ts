import { sql } from "drizzle-orm";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { type Channel, channelPath } from "../contract/channels";
import { accountOn, startE2eApp } from "../e2e/app";
import { apiJson, settle } from "../e2e/browser";
import { CHROMIUM_ARGS, ensureChromium } from "../scripts/chromium";

/**
 * A long text channel in Chromium on the production build: 10,000 messages (two authors, one every
 * two minutes, so day separators and grouped follow-ups occur as in life), opened (at the unread
 * divider: the other author's messages are unread), then
 * scrolled back through 2,000 of them by reaching the top again and again (each time an earlier page
 * of 50 loads). Reported at the top, the middle and the bottom of what was loaded: the tab's DOM
 * elements (`querySelectorAll('*')`), the messages mounted, and the JS heap after a garbage collection.
 * Goal (issue 17): ≤ 3,000 elements at any position.
 */

const MESSAGES = 10_000;
const SCROLLED = Number(process.env.LONG_CHANNEL_SCROLL ?? 2000);
const PAGE = 50;

async function seed(app: Awaited<ReturnType<typeof startE2eApp>>, channel: Channel, authors: string[]) {
  const [a, b] = authors;
  // Runs of one to three messages per author, so some are grouped under one name.
  await app.database.db.execute(sql`
    insert into posts (organization_id, channel_id, author_id, content, created_at)
    select ${channel.organization_id}, ${channel.id},
      (select id from users where email = case when (g / 3) % 2 = 0 then ${a} else ${b} end),
      'Message ' || g || ': ' || repeat('about the agenda and the budget ', 1 + g % 4),
      now() - (${MESSAGES} - g) * interval '2 minutes'
    from generate_series(1, ${MESSAGES}) g`);
}

interface Figures {
  elements: number;
  articles: number;
  heapMiB: number;
}

async function measure(page: Page, cdp: CDPSession): Promise<Figures> {
  await page.waitForTimeout(400);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  const { elements, articles } = await page.evaluate(() => ({
    elements: document.querySelectorAll("*").length,
    articles: document.querySelectorAll("article").length,
  }));
  return { elements, articles, heapMiB: usedSize / 2 ** 20 };
}

const log = (page: Page) => page.getByRole("log");

/** Scrolls the message list to a fraction of its height (0 the top, 1 the end). */
async function scrollTo(page: Page, fraction: number) {
  await log(page).evaluate((element, f) => {
    element.scrollTop = f * (element.scrollHeight - element.clientHeight);
  }, fraction);
}

export async function run(): Promise<void> {
  const app = await startE2eApp();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const admin = await accountOn(app, browser, "organizations", "Kofi Admin", "Long-9876ch");
    const voter = await accountOn(app, browser, "voters", "Esi Voter", "Long-9876ch");
    const { current_id } = await apiJson<{ current_id: string }>(admin.ctx, "GET", "/api/organizations/mine");
    await apiJson(voter.ctx, "POST", `/api/organizations/${current_id}/join`);
    const { channel } = await apiJson<{ channel: Channel }>(admin.ctx, "POST", "/api/channels", {
      type: "text",
      name: "long-channel",
    });
    await seed(app, channel, [admin.input.email, voter.input.email]);
    await voter.ctx.close();

    const page = await admin.ctx.newPage();
    const cdp = await admin.ctx.newCDPSession(page);
    let older = 0;
    page.on("response", (response) => {
      if (/\/posts\?before=/.test(response.url())) older++;
    });
    await page.goto(channelPath("organization", channel));
    await page.getByRole("article").first().waitFor();
    await settle(page);
    const opened = await measure(page, cdp);

    const pages = Math.ceil(SCROLLED / PAGE);
    const started = performance.now();
    while (older < pages) {
      const before = older;
      const height = await log(page).evaluate((element) => element.scrollHeight);
      await scrollTo(page, 0);
      const until = Date.now() + 10_000;
      while (older === before && Date.now() < until) await page.waitForTimeout(25);
      if (older === before) throw new Error(`no earlier page after ${older} pages`);
      // The page's rows are in (the list grew, nothing loading) before the next scroll. A scroll to
      // the top before them marks a reader's place, which the rows then put in front of keep on
      // screen, far from the top: as a reader would, the next scroll up loads the next page, but
      // this loop would wait for a page it had not asked for (1 run in 4 here).
      await page.waitForFunction((grown) => {
        const element = document.querySelector("[role=log]");
        return element && element.scrollHeight > grown && element.getAttribute("aria-busy") === "false";
      }, height);
    }
    await page.waitForTimeout(500);
    const scrollMs = performance.now() - started;

    const rows: [string, Figures][] = [["opened (at the unread divider)", opened]];
    await scrollTo(page, 0);
    rows.push(["top", await measure(page, cdp)]);
    await scrollTo(page, 0.5);
    rows.push(["middle", await measure(page, cdp)]);
    await scrollTo(page, 1);
    rows.push(["bottom", await measure(page, cdp)]);

    console.log(
      `${MESSAGES} messages, ${older * PAGE + PAGE} loaded after scrolling back ${older} pages (${(scrollMs / older).toFixed(0)} ms a page)`,
    );
    console.log("| position | DOM elements | articles mounted | JS heap |\n| --- | --- | --- | --- |");
    for (const [name, f] of rows) {
      console.log(`| ${name} | ${f.elements} | ${f.articles} | ${f.heapMiB.toFixed(1)} MiB |`);
    }
    const worst = Math.max(...rows.map(([, f]) => f.elements));
    console.log(`most elements: ${worst} (goal ≤ 3,000)`);
  } finally {
    await browser.close();
    await app.stop();
  }
}
