import type { IceServer } from "../../../../contract/rooms";
import type { MediaServer } from "./server";

/**
 * Browser to browser: each pair of participants where at least one sends (host, speakers) has
 * its own RTCPeerConnection, signalled over /api/ws. The server holds no room; a browser needs
 * only the ICE servers.
 */
export function meshMediaServer(iceServers: IceServer[]): MediaServer {
  return {
    kind: "mesh",
    async openRoom() {
      return { media: "mesh", janusRoom: null, janusSecret: null };
    },
    async join() {
      return { kind: "mesh", iceServers };
    },
    async closeRoom() {},
  };
}
