import type { MediaJoin } from "../../../../../contract/rooms";
import type { SignalChannel } from "../roomSocket";
import { createJanusPath } from "./janus";
import { MeshPath } from "./mesh";
import type { MediaPath } from "./path";

export type { MediaPath, MediaStats } from "./path";

export interface MediaPathDeps {
  selfId: string;
  /** Live streams carry video as well as audio. */
  video: boolean;
  /** The seat's socket: WebRTC signals for the mesh. */
  signals: SignalChannel;
  /** Asks the server for this participant's join again (GET /api/rooms/sessions/:id/media). */
  refresh: () => Promise<MediaJoin>;
  /** A failure the path cannot mend by itself; the screen shows it. */
  onError: (error: unknown) => void;
}

/** The media path the server chose for the session. */
export function createMediaPath(join: MediaJoin, deps: MediaPathDeps): MediaPath {
  switch (join.kind) {
    case "mesh":
      return new MeshPath(join.iceServers, { selfId: deps.selfId, video: deps.video, signals: deps.signals });
    case "janus":
      return createJanusPath(join, { refresh: deps.refresh, onError: deps.onError });
    default:
      // A server newer than this page may name a path it does not know yet.
      throw new Error(`This browser does not know the media path "${(join as { kind: string }).kind}"`);
  }
}
