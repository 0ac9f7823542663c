/**
 * Rooms: airing (live audio) and live (video) sessions, their participants, and how a browser
 * reaches the session's media. The rooms feature grows this file; the media part is shared by the
 * two media paths (peer-to-peer mesh and the Janus SFU).
 */

/** An ICE server as RTCPeerConnection takes it (STUN/TURN from configuration). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/**
 * What a participant's browser needs to carry the session's media, from GET
 * /api/rooms/sessions/:id/media. Only connected participants of the session get it.
 */
export type MediaJoin =
  | { kind: "mesh"; iceServers: IceServer[] }
  | {
      kind: "janus";
      iceServers: IceServer[];
      /** Janus's WebSocket address as the browser reaches it. */
      url: string;
      /** The VideoRoom room of this session. */
      room: number;
      /** A short-lived signed token (Janus token_auth) for this participant. */
      token: string;
      /** The room's pin: given only to participants the server authorized. */
      pin: string;
      /** The participant's id in the room: display name is the user id. */
      display: string;
    };
