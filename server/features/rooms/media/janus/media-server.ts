import { createHmac, randomInt } from "node:crypto";
import type { IceServer, MediaJoin } from "../../../../../contract/rooms";
import { AppError } from "../../../../http/errors";
import type { Clock } from "../../../../lib/clock";
import { newToken, seal, unseal } from "../../../../lib/crypto";
import type { MediaServer, MediaSession } from "../server";
import type { JanusConfig } from "./config";
import { JanusError } from "./socket";
import { participantToken } from "./tokens";
import { VideoRoomApi } from "./videoroom";

/** A participant's token lives this long; the browser asks for a fresh one well before (janus.ts). */
export const PARTICIPANT_TOKEN_TTL_MS = 10 * 60_000;
const SEAL_PURPOSE = "janus-room-secret";
const ROOM_NUMBER_ATTEMPTS = 5;
/**
 * A room Janus confirmed is trusted this long without asking again: a join then costs no request
 * to Janus. Janus keeps rooms in memory, so after a restart of Janus a room is made again at the
 * latest this long after, or at once when a request to Janus failed meanwhile.
 */
export const ROOM_TRUSTED_FOR_MS = 60_000;
/** Shown on the room screen (with Retry) when Janus is down; the spec has no words for it. */
export const JANUS_UNREACHABLE = "The audio and video server is not reachable right now. Please try again.";

/** Janus down or silent is the user's "try again later" (503), not a bug of ours (500). */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof JanusError && error.code === undefined)
      throw new AppError("unavailable", JANUS_UNREACHABLE);
    throw error;
  }
}

/** The room's pin follows from its secret, so the session row keeps one sealed value, not two. */
export function roomPin(secret: string): string {
  return createHmac("sha256", secret).update("votespace janus pin").digest("base64url").slice(0, 32);
}

/**
 * The Janus media path: each room session gets its own VideoRoom room (a random number, its own
 * secret kept sealed on the session row, a pin derived from it); each authorized participant gets
 * the pin and a token signed for ten minutes. Everything but the WebRTC media stays in our server.
 */
export class JanusMediaServer implements MediaServer {
  readonly kind = "janus";
  private readonly api: VideoRoomApi;
  /** Rooms of this process known to exist in Janus, with when that was last confirmed (ms). */
  private readonly knownRooms = new Map<number, number>();

  constructor(
    private readonly config: JanusConfig,
    private readonly secretKey: string,
    private readonly clock: Clock,
    private readonly iceServers: IceServer[],
  ) {
    this.api = new VideoRoomApi(config.apiUrl, config.tokenSecret, config.adminKey, clock);
  }

  async openRoom(sessionId: string): Promise<Pick<MediaSession, "media" | "janusRoom" | "janusSecret">> {
    const secret = newToken(24);
    for (let attempt = 0; attempt < ROOM_NUMBER_ATTEMPTS; attempt++) {
      // Room numbers are the session row's integer column: positive 31-bit numbers.
      const room = randomInt(1, 2 ** 31 - 1);
      const created = await this.ask(() =>
        this.api.create({ room, secret, pin: roomPin(secret), description: sessionId }),
      );
      if (created) {
        this.know(room);
        return { media: "janus", janusRoom: room, janusSecret: seal(this.secretKey, SEAL_PURPOSE, secret) };
      }
    }
    throw new Error("Janus: no free room number found");
  }

  async join(
    session: MediaSession,
    userId: string,
    _role: "host" | "speaker" | "listener" | "viewer",
  ): Promise<MediaJoin> {
    const { room, secret } = this.roomOf(session);
    const pin = roomPin(secret);
    await this.ensureRoom(room, secret, pin, session.id);
    return {
      kind: "janus",
      iceServers: this.iceServers,
      url: this.config.browserUrl,
      room,
      token: participantToken(
        this.config.tokenSecret,
        new Date(this.clock.now().getTime() + PARTICIPANT_TOKEN_TTL_MS),
      ),
      pin,
      display: userId,
    };
  }

  async closeRoom(session: MediaSession): Promise<void> {
    if (session.janusRoom === null || session.janusSecret === null) return;
    const { room, secret } = this.roomOf(session);
    this.knownRooms.delete(room);
    await this.ask(() => this.api.destroy(room, secret));
  }

  /**
   * Janus keeps rooms in memory: after a restart of Janus the session's room is made again, same
   * number and secrets. A room confirmed recently is not asked about again (ROOM_TRUSTED_FOR_MS).
   */
  private async ensureRoom(room: number, secret: string, pin: string, sessionId: string): Promise<void> {
    const confirmed = this.knownRooms.get(room);
    if (confirmed !== undefined && this.clock.now().getTime() - confirmed < ROOM_TRUSTED_FOR_MS) return;
    if (!(await this.ask(() => this.api.exists(room))))
      await this.ask(() => this.api.create({ room, secret, pin, description: sessionId }));
    this.know(room);
  }

  private know(room: number): void {
    const now = this.clock.now().getTime();
    // Rooms closed by another process (or this one's sweeper) are forgotten once stale.
    for (const [known, at] of this.knownRooms)
      if (now - at >= ROOM_TRUSTED_FOR_MS) this.knownRooms.delete(known);
    this.knownRooms.set(room, now);
  }

  /** A request to Janus; any failure may mean Janus restarted, so every room is confirmed again. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await reachable(call);
    } catch (error) {
      this.knownRooms.clear();
      throw error;
    }
  }

  private roomOf(session: MediaSession): { room: number; secret: string } {
    if (session.media !== "janus" || session.janusRoom === null || session.janusSecret === null)
      throw new Error(`session ${session.id} has no Janus room`);
    return { room: session.janusRoom, secret: unseal(this.secretKey, SEAL_PURPOSE, session.janusSecret) };
  }
}
