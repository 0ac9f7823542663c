import type { Config } from "../../../../config";
import { findJanus, type JanusInstall } from "./install";
import { type JanusLog, launchJanus, type RunningJanus } from "./launcher";

/** What the process entry does about Janus: the configuration to build the app with, and what to launch. */
export interface JanusPlan {
  config: Config;
  install?: JanusInstall;
  notice?: string;
}

/**
 * JANUS=auto launches Janus only when it is installed; when it is not, rooms keep the mesh and the
 * log says so. JANUS=external trusts the configured service.
 */
export function planJanus(config: Config): JanusPlan {
  const janus = config.janus;
  if (!janus) return { config };
  if (janus.mode === "external")
    return {
      config,
      notice: `Rooms use the Janus SFU at ${janus.apiUrl} (browsers connect to ${janus.browserUrl})`,
    };
  const install = findJanus();
  if (!install) {
    const { janus: _unused, ...withoutJanus } = config;
    return {
      config: withoutJanus,
      notice:
        "JANUS=auto but Janus is not installed (Debian: apt-get install janus): rooms use the browser-to-browser mesh",
    };
  }
  return { config, install };
}

/** Launches the planned Janus, if any. */
export async function startPlannedJanus(plan: JanusPlan, log: JanusLog): Promise<RunningJanus | undefined> {
  if (plan.notice) log.info(plan.notice);
  if (!plan.install || !plan.config.janus) return undefined;
  return launchJanus(plan.config.janus, plan.install, log);
}
