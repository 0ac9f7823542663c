import type { Config } from "../../../../config";
import { systemClock } from "../../../../lib/clock";
import type { MediaServer } from "../server";
import { JanusMediaServer } from "./media-server";

/**
 * New sessions get a Janus room; sessions opened before Janus was configured keep the mesh they
 * started on until they end.
 */
export function janusMediaServer(config: Config, mesh: MediaServer): MediaServer | undefined {
  if (!config.janus) return undefined;
  // Janus checks token expiries against the real time, so tokens are signed against it too.
  const janus = new JanusMediaServer(config.janus, config.secretKey, systemClock, config.iceServers);
  return {
    kind: "janus",
    openRoom: (sessionId) => janus.openRoom(sessionId),
    join: (session, userId, role) =>
      session.media === "janus" ? janus.join(session, userId, role) : mesh.join(session, userId, role),
    closeRoom: (session) => (session.media === "janus" ? janus.closeRoom(session) : mesh.closeRoom(session)),
  };
}
