import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type JanusConfig, resolveJanusConfig } from "./config";
import { findJanus } from "./install";
import { type JanusLog, launchJanus, type RunningJanus } from "./launcher";

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * A Janus of its own for a test or a benchmark (JANUS=auto settings on free ports, a data folder
 * in /tmp), or undefined when Janus is not installed.
 */
export async function launchTestJanus(
  log: JanusLog = silent,
): Promise<{ config: JanusConfig; janus: RunningJanus } | undefined> {
  const install = findJanus();
  if (!install) return undefined;
  const wsPort = await freePort();
  const adminPort = await freePort();
  // A narrow RTP range of its own, so runs beside each other do not share ports.
  const low = 40_000 + Math.floor(Math.random() * 200) * 100;
  const config = resolveJanusConfig(
    {
      JANUS: "auto",
      JANUS_PORT: wsPort,
      JANUS_ADMIN_PORT: adminPort,
      JANUS_RTP_PORTS: `${low}-${low + 99}`,
    },
    mkdtempSync(path.join(tmpdir(), "votespace-janus-")),
    undefined,
  );
  if (!config) throw new Error("JANUS=auto gave no configuration");
  return { config, janus: await launchJanus(config, install, log) };
}

export const JANUS_MISSING =
  "Janus is not installed (Debian: apt-get install janus; npm test installs it when run as root)";
