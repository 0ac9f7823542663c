import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { type Channel, channelPath } from "../contract/channels";
import { startE2eApp } from "../e2e/app";
import { apiJson, scriptsOf, signInAs, takeOverDemoAccount } from "../e2e/browser";
import { CHROMIUM_ARGS, ensureChromium } from "../scripts/chromium";
import { buildWebInto } from "../scripts/web-build";

/**
 * The JavaScript a screen loads, measured in Chromium on the production build: every script response
 * of a first visit (cache empty): its size uncompressed, gzip-compressed (level 9, the yardstick)
 * and as it crossed the wire (the build's brotli copy, which Chromium accepts). Screens: the ballot page (an election channel's Cast Vote tab, as a voter who has
 * not voted) and the workspace (a member's home). Beside them, the API reads the screen made until
 * it settled, and how many of those read again what it had already read (a first load read twice).
 */

const VOTER = "lucia@demo.votespace.local";
const PASSWORD = "bundle-9876";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The production build (buildWebInto makes it so), in a folder of this run's own. */
async function productionBuild(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), "votespace-bundle-"));
  await buildWebInto(outDir);
  return outDir;
}

export async function run(): Promise<void> {
  const webDist = await productionBuild();
  const app = await startE2eApp({ demoData: true, webDist });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const setup = await browser.newContext({ baseURL: app.baseURL });
    await takeOverDemoAccount(setup, VOTER, PASSWORD);
    await signInAs(setup, { email: VOTER, password: PASSWORD });
    const { current_id } = await apiJson<{ current_id: string }>(setup, "GET", "/api/organizations/mine");
    const { channels } = await apiJson<{ channels: Channel[] }>(
      setup,
      "GET",
      `/api/organizations/${current_id}/channels`,
    );
    await setup.close();
    const ballot = channels.find((channel) => channel.name === "senate-by-election");
    if (!ballot) throw new Error("the demo has no senate-by-election channel");

    const screens: [string, string, (page: Page) => Promise<unknown>][] = [
      [
        "ballot page (Cast Vote)",
        channelPath("member", ballot),
        async (page) => {
          await page.getByRole("tab", { name: "Cast Vote" }).click();
          await page.getByRole("radio").first().waitFor();
        },
      ],
      ["workspace (member home)", "/member", (page) => page.getByRole("navigation").first().waitFor()],
    ];
    console.log(
      "| screen | scripts | uncompressed | gzip | on the wire (br) | API reads | of them repeated |\n| --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const [name, url, ready] of screens) {
      const context = await browser.newContext({ baseURL: app.baseURL });
      await signInAs(context, { email: VOTER, password: PASSWORD });
      const loaded = await scriptsOf(await context.newPage(), url, ready);
      console.log(
        `| ${name} | ${loaded.files} | ${kib(loaded.raw)} | ${kib(loaded.gzip)} | ${kib(loaded.wire)} | ${loaded.reads} | ${loaded.repeated} |`,
      );
      if (process.env.BUNDLE_FILES) console.log(loaded.names.join("\n"));
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}
