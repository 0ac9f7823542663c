import type { MediaJoin } from "../../../../contract/rooms";

/** A room session as the media servers see it. */
export interface MediaSession {
  id: string;
  media: "mesh" | "janus";
  janusRoom: number | null;
  /** Sealed (lib/crypto seal); the Janus path unseals it. */
  janusSecret: string | null;
}

/**
 * The server side of a media path. The rooms service calls it when a session opens, when an
 * authorized participant asks how to connect, and when a session ends; the mesh needs nothing
 * but ICE servers, the Janus path creates and destroys a VideoRoom room.
 */
export interface MediaServer {
  readonly kind: "mesh" | "janus";
  /** Creates the room for a new session; returns what to store on the session row. */
  openRoom(sessionId: string): Promise<Pick<MediaSession, "media" | "janusRoom" | "janusSecret">>;
  /** What this participant's browser needs; only called for connected participants. */
  join(
    session: MediaSession,
    userId: string,
    role: "host" | "speaker" | "listener" | "viewer",
  ): Promise<MediaJoin>;
  /** Frees the room of an ended session (idempotent). */
  closeRoom(session: MediaSession): Promise<void>;
}
