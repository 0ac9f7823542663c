import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { harness, serveJanusHarness } from "../e2e/janus-harness";
import { CHROMIUM_ARGS, ensureChromium } from "../scripts/chromium";
import { findJanus } from "../server/features/rooms/media/janus/install";
import { JanusMediaServer } from "../server/features/rooms/media/janus/media-server";
import { JANUS_MISSING, launchTestJanus } from "../server/features/rooms/media/janus/testing";
import { systemClock } from "../server/lib/clock";

/**
 * One live-room publisher (fake camera 640×480 and microphone, in headless Chromium) to 1, 10 and
 * 20 viewers through Janus, each viewer a real Janus session and peer connection of the web app's
 * media path. Janus's CPU time (utime + stime of its process, all threads, from /proc) is read
 * over the same window at each step; the baseline is the publisher alone in the same run, and the
 * figure is what each viewer adds. Viewers decode every frame but draw none (no <video>), so the
 * browser takes less of the two cores Janus shares with it.
 */
const VIEWER_STEPS = [1, 10, 20];
const VIEWERS_PER_PAGE = 5;
const SETTLE_MS = 4000;
const WINDOW_MS = 15_000;

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** CPU seconds a process has used, all threads. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // After "pid (comm) ": state is field 0, utime 11, stime 12.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Busy share of the whole machine (all cores) from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const values = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

interface Step {
  viewers: number;
  janusCore: number;
  machineBusy: number;
  framesPerViewer: number;
}

export async function run(): Promise<void> {
  if (!findJanus()) {
    console.log(`skipped: ${JANUS_MISSING}`);
    return;
  }
  const launched = await launchTestJanus();
  if (!launched) return;
  const { config, janus } = launched;
  const pid = janus.pid;
  if (!pid) throw new Error("Janus has no pid");
  const media = new JanusMediaServer(config, "bench-secret-key-0123456789abcdef0123456789", systemClock, []);
  const opened = await media.openRoom("bench");
  const session = { id: "bench", ...opened };
  const buildDir = mkdtempSync(path.join(tmpdir(), "votespace-janus-bench-"));
  const served = await serveJanusHarness(buildDir);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: [
        ...CHROMIUM_ARGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        "--allow-loopback-in-peer-connection",
      ],
    });
    const publisherPage = await browser.newPage();
    await publisherPage.goto(served.url);
    await harness.join(publisherPage, "host", await media.join(session, "host", "host"), false);
    await harness.send(publisherPage, "host", { audio: true, video: { width: 640, height: 480 } });

    const viewers: { page: Page; name: string }[] = [];
    const pages: Page[] = [];
    const totalFrames = async () => {
      let frames = 0;
      for (const viewer of viewers)
        frames += (await harness.stats(viewer.page, viewer.name)).videoFramesDecoded;
      return frames;
    };
    const measure = async (count: number): Promise<Step> => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const frames0 = await totalFrames();
      const cpu0 = cpuSeconds(pid);
      const machine0 = machineTicks();
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = cpuSeconds(pid);
      const machine1 = machineTicks();
      const frames1 = await totalFrames();
      return {
        viewers: count,
        janusCore: (cpu1 - cpu0) / seconds,
        machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
        framesPerViewer: count ? (frames1 - frames0) / count / seconds : 0,
      };
    };

    const steps: Step[] = [await measure(0)];
    for (const target of VIEWER_STEPS) {
      while (viewers.length < target) {
        const index = viewers.length;
        if (index % VIEWERS_PER_PAGE === 0) {
          const page = await browser.newPage();
          await page.goto(served.url);
          pages.push(page);
        }
        const page = pages[pages.length - 1] as Page;
        const name = `viewer${index}`;
        await harness.join(page, name, await media.join(session, name, "viewer"), false);
        viewers.push({ page, name });
      }
      await waitForVideo(viewers);
      steps.push(await measure(target));
    }
    report(steps);
  } finally {
    await browser?.close();
    await media.closeRoom(session).catch(() => undefined);
    await janus.stop();
    await served.close();
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/** Every viewer decodes the publisher's video before anything is measured. */
async function waitForVideo(viewers: { page: Page; name: string }[]): Promise<void> {
  const until = Date.now() + 60_000;
  for (const viewer of viewers) {
    while ((await harness.stats(viewer.page, viewer.name)).videoFramesDecoded === 0) {
      if (Date.now() > until) throw new Error(`${viewer.name} received no video within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function report(steps: Step[]): void {
  const baseline = steps[0] as Step;
  const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
  console.log(
    `one publisher (640×480 VP8 + Opus) through Janus; Janus's CPU over ${WINDOW_MS / 1000} s per step, % of one core`,
  );
  console.log(
    `  baseline (publisher alone)  Janus ${percent(baseline.janusCore)}   machine busy ${percent(baseline.machineBusy)}`,
  );
  for (const step of steps.slice(1)) {
    const perViewer = (step.janusCore - baseline.janusCore) / step.viewers;
    console.log(
      `  ${String(step.viewers).padStart(2)} viewers  Janus ${percent(step.janusCore).padStart(7)}   per viewer ${percent(perViewer).padStart(6)}   ${step.framesPerViewer.toFixed(1)} frames/s decoded per viewer   machine busy ${percent(step.machineBusy)}`,
    );
  }
}
