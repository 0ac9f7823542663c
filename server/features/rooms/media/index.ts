import type { Config } from "../../../config";
import { janusMediaServer } from "./janus/index";
import { meshMediaServer } from "./mesh";
import type { MediaServer } from "./server";

export type { MediaServer, MediaSession } from "./server";

/**
 * The media path new sessions use. Browser-to-browser mesh by default: nothing to run besides
 * this server, good for a handful of senders.
 */
export function createMediaServer(config: Config): MediaServer {
  const mesh = meshMediaServer(config.iceServers);
  // The Janus SFU when configured (JANUS=auto with Janus installed, or external): docs/janus.md.
  return janusMediaServer(config, mesh) ?? mesh;
}
