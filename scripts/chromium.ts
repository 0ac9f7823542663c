import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, what Playwright itself runs headless)
 * drives the journeys: the full browser's headless mode draws a whole browser window (tab strip,
 * toolbar, a WebUI renderer of its own) for every page, and in the journeys cost about three times
 * the shell's CPU outside the pages' own renderers. The full browser serves where the shell cannot be
 * had, and where the shell differs from a browser people use: it reports `Notification.permission` as
 * "denied" whatever was granted, so the browser-notification journey runs in the full browser.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The flags every headless run here needs (a closed network, running as root). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell (`kind` "shell",
 * else the full browser when the shell cannot be had) or Debian's full Chromium (`kind` "full").
 * When the one asked for is missing and we may install packages (root with apt-get), it is installed
 * from Debian's packages.
 */
export function ensureChromium(kind: "shell" | "full" = "shell"): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is ${configured}, and nothing is there.`);
  }
  const wanted = kind === "shell" ? [HEADLESS_SHELL] : FULL_BROWSERS;
  if (
    !wanted.some((path) => existsSync(path)) &&
    process.getuid?.() === 0 &&
    existsSync("/usr/bin/apt-get")
  ) {
    const name = kind === "shell" ? "chromium-headless-shell" : "chromium";
    console.log(`Installing ${name} from Debian's packages (about 30 s)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
      execFileSync("apt-get", ["install", "-y", "-qq", name], { stdio: "inherit", env });
    } catch {
      // reported below, or the full browser found serves
    }
  }
  const found = (kind === "shell" ? [HEADLESS_SHELL, ...FULL_BROWSERS] : FULL_BROWSERS).find((path) =>
    existsSync(path),
  );
  if (found) return found;
  throw new Error(
    "The browser tests need Chromium and none was found.\n" +
      `  Install it with: sudo apt-get install -y ${kind === "shell" ? "chromium-headless-shell chromium" : "chromium"}   (Debian)\n` +
      "  or point CHROMIUM_PATH at a Chromium or Chrome executable.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
