import type { Clock } from "../../../../lib/clock";
import { JanusError, JanusSocket } from "./socket";
import { signJanusToken, VIDEOROOM_PLUGIN } from "./tokens";

/** A room as Votespace creates it: one per room session, with its own secret and pin. */
export interface RoomSpec {
  room: number;
  /** Needed to destroy or edit the room. */
  secret: string;
  /** Needed to join it: given only to participants the app authorized. */
  pin: string;
  description: string;
}

/** VideoRoom's error codes we act on. */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;

/** Most concurrent senders a room takes (hosts and speakers); viewers and listeners do not count. */
export const ROOM_PUBLISHERS = 64;

/**
 * The server's side of Janus's VideoRoom: create, check and destroy rooms. Each call opens its own
 * Janus session over one WebSocket and closes it: rooms change only when sessions start or end.
 */
export class VideoRoomApi {
  constructor(
    private readonly apiUrl: string,
    private readonly tokenSecret: string,
    private readonly adminKey: string,
    private readonly clock: Clock,
  ) {}

  /** Creates the room; false when a room with that number exists already. */
  async create(spec: RoomSpec): Promise<boolean> {
    const reply = await this.request({
      request: "create",
      admin_key: this.adminKey,
      room: spec.room,
      permanent: false,
      description: spec.description,
      secret: spec.secret,
      pin: spec.pin,
      is_private: true,
      publishers: ROOM_PUBLISHERS,
      audiocodec: "opus",
      videocodec: "vp8",
      bitrate: 1_500_000,
      // A new viewer gets a key frame within seconds even when the publisher's picture is still.
      fir_freq: 10,
      record: false,
      lock_record: true,
    });
    if (reply.error_code === ROOM_EXISTS) return false;
    failOn(reply);
    return true;
  }

  async exists(room: number): Promise<boolean> {
    const reply = await this.request({ request: "exists", room });
    failOn(reply);
    return reply.exists === true;
  }

  /** Destroys the room and drops its participants; a room already gone is fine. */
  async destroy(room: number, secret: string): Promise<void> {
    const reply = await this.request({ request: "destroy", room, secret, permanent: false });
    if (reply.error_code === NO_SUCH_ROOM) return;
    failOn(reply);
  }

  /** The number of participants Janus has in the room (publishers and not). */
  async participantCount(room: number, secret: string): Promise<number> {
    const reply = await this.request({ request: "listparticipants", room, secret });
    failOn(reply);
    return Array.isArray(reply.participants) ? reply.participants.length : 0;
  }

  private async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = signJanusToken(this.tokenSecret, new Date(this.clock.now().getTime() + 60_000), [
      VIDEOROOM_PLUGIN,
    ]);
    const socket = await JanusSocket.open(this.apiUrl, "janus-protocol");
    try {
      const session = await socket.request({ janus: "create", token });
      const sessionId = session.data?.id;
      try {
        const handle = await socket.request({
          janus: "attach",
          session_id: sessionId,
          plugin: VIDEOROOM_PLUGIN,
          token,
        });
        const reply = await socket.request({
          janus: "message",
          session_id: sessionId,
          handle_id: handle.data?.id,
          body,
          token,
        });
        return reply.plugindata?.data ?? {};
      } finally {
        await socket.request({ janus: "destroy", session_id: sessionId, token }).catch(() => undefined);
      }
    } finally {
      socket.close();
    }
  }
}

function failOn(reply: Record<string, unknown>): void {
  if (reply.error_code !== undefined)
    throw new JanusError(`Janus VideoRoom: ${String(reply.error)}`, Number(reply.error_code));
}
