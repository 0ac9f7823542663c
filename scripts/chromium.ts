import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

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

function found(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's. When it is missing and we
 * may install packages (root with apt-get), it is installed from Debian's packages.
 */
export function ensureChromium(): string {
  const existing = found();
  if (existing) return existing;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing it from Debian's packages (about 30 s)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
      execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    } catch {
      // reported below
    }
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    "The browser tests need Chromium and none was found.\n" +
      "  Install it with: sudo apt-get install -y chromium   (Debian/Ubuntu)\n" +
      "  or point CHROMIUM_PATH at a Chromium or Chrome executable.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
