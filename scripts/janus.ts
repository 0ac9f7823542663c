import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findJanus } from "../server/features/rooms/media/janus/install";

/**
 * Janus for the SFU tests and journeys: Debian's package when missing and we may install packages
 * (root with apt-get). Without it those tests are skipped with a message, not failed: Janus is
 * optional for Votespace (rooms fall back to the browser-to-browser mesh).
 */
export function ensureJanus(): boolean {
  if (findJanus()) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Janus is missing: installing it from Debian's packages (about 20 s)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
      execFileSync("apt-get", ["install", "-y", "-qq", "janus"], { stdio: "inherit", env });
      disablePackageService();
    } catch {
      // reported below
    }
    if (findJanus()) return true;
  }
  console.warn(
    "\nJanus is not installed: the Janus SFU tests and journeys are skipped.\n" +
      "  Install it with: sudo apt-get install -y janus   (Debian/Ubuntu)\n",
  );
  return false;
}

/**
 * The package starts its own service with the package's configuration (demo rooms, a well-known
 * admin secret, every interface). Votespace launches Janus with a configuration it generates, so
 * on a machine run by systemd that service is stopped and disabled.
 */
function disablePackageService(): void {
  if (!existsSync("/run/systemd/system")) return;
  try {
    execFileSync("systemctl", ["disable", "--now", "janus.service"], { stdio: "ignore" });
    console.log("Stopped and disabled the package's janus.service (it runs the package's unsafe defaults).");
  } catch {
    console.warn(
      "Could not stop the package's janus.service: stop it yourself (systemctl disable --now janus).",
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureJanus() ? "Janus is installed." : "Janus is missing.");
}
