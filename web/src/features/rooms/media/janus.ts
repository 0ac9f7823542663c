import { type MediaJoin, type RoomParticipant, SENDING_ROLES } from "../../../../../contract/rooms";
import { JanusPublisher } from "./janus-publisher";
import { type JanusHandle, JanusSession } from "./janus-session";
import { type JanusPublisherInfo, JanusSubscriber } from "./janus-subscriber";
import { inboundStats, type MediaPath, type MediaStats } from "./path";

export type JanusJoin = Extract<MediaJoin, { kind: "janus" }>;

export interface JanusPathOptions {
  /**
   * Asks our server for this participant's join again (GET /api/rooms/sessions/:id/media): a fresh
   * token before the current one expires, and after a lost connection. Refused once the user has
   * left the session, which is how a removed participant loses Janus.
   */
  refresh?: () => Promise<MediaJoin>;
  /** Something went wrong that the path cannot mend by itself (shown by the screen). */
  onError?: (error: unknown) => void;
}

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** A token is renewed when this much of its life is left (it lives ten minutes: media-server.ts). */
const RENEW_BEFORE_MS = 4 * 60_000;

/** Janus's signed tokens start with their expiry in seconds: `expiry,janus,plugin:signature`. */
function tokenExpiry(token: string): number {
  return Number(token.split(",")[0]) * 1000;
}

interface Connected {
  session: JanusSession;
  control: JanusHandle;
  publisher: JanusPublisher;
  subscriber: JanusSubscriber;
}

/**
 * The Janus media path: the browser joins the session's VideoRoom room with the pin and token our
 * server gave, publishes when it has something to send (host, speakers), and receives every
 * publisher on one subscription. Janus forwards each sender's packets to every receiver, so a
 * sender uploads once whatever the audience size.
 */
class JanusPath implements MediaPath {
  readonly kind = "janus" as const;
  private readonly listeners = new Set<(userId: string, stream: MediaStream | null) => void>();
  private local: MediaStream | null = null;
  private current: Connected | undefined;
  private connecting: Promise<Connected | undefined> | undefined;
  private closed = false;
  private attempt = 0;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The room's publishers as Janus announced them, by feed id. */
  private readonly publishers = new Map<number, JanusPublisherInfo>();
  /** Who may be heard and seen (hosts and speakers); unknown until the screen gives the list. */
  private senders: Set<string> | undefined;

  constructor(
    private join: JanusJoin,
    private readonly options: JanusPathOptions,
  ) {
    this.connecting = this.connect();
    this.scheduleRenewal();
  }

  async setLocalStream(stream: MediaStream | null): Promise<void> {
    this.local = stream;
    const connected = this.current ?? (await this.connecting);
    // Not connected: the stream is sent once the connection is (re)made. Replaced while this call
    // waited for the connection: the newer call sends its own (sent after it, this older one put
    // back the stream it replaced, which left a host's camera sending nothing while its preview ran).
    if (connected && this.local === stream) await connected.publisher.send(stream);
  }

  /**
   * Only the session's hosts and speakers are received: anyone holding the pin could publish in
   * the Janus room, but a listener who does is neither heard nor seen.
   */
  setParticipants(participants: ReadonlyArray<Pick<RoomParticipant, "user_id" | "role">>): void {
    this.senders = new Set(participants.filter((p) => SENDING_ROLES.has(p.role)).map((p) => p.user_id));
    this.receiveAllowed();
  }

  onRemote(listener: (userId: string, stream: MediaStream | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats(): Promise<MediaStats> {
    const connection = this.current?.subscriber.peerConnection;
    return inboundStats(connection ? [connection] : []);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.renewTimer);
    clearTimeout(this.retryTimer);
    this.teardown();
  }

  private announce = (userId: string, stream: MediaStream | null) => {
    for (const listener of this.listeners) listener(userId, stream);
  };

  private async connect(): Promise<Connected | undefined> {
    try {
      const session = await JanusSession.open(this.join.url, this.join.token);
      if (this.closed) {
        session.close();
        return undefined;
      }
      session.onLost = () => this.lost();
      const control = await session.attach("janus.plugin.videoroom");
      const joined = await control.message({
        request: "join",
        ptype: "publisher",
        room: this.join.room,
        pin: this.join.pin,
        display: this.join.display,
      });
      const subscriber = new JanusSubscriber(
        session,
        {
          room: this.join.room,
          pin: this.join.pin,
          privateId: Number(joined.data.private_id),
          iceServers: this.join.iceServers,
        },
        this.announce,
        (error) => this.options.onError?.(error),
      );
      const publisher = new JanusPublisher(control, this.join.iceServers);
      control.onEvent = ({ data }) => {
        if (Array.isArray(data.publishers)) this.learn(data.publishers as JanusPublisherInfo[]);
        for (const feed of [data.unpublished, data.leaving]) {
          if (typeof feed !== "number") continue;
          this.publishers.delete(feed);
          subscriber.forget(feed);
        }
      };
      // Janus hung up a peer connection (ICE or DTLS failed): everything is made again.
      control.onHangup = () => this.lost();
      subscriber.onHangup = () => this.lost();
      this.current = { session, control, publisher, subscriber };
      this.attempt = 0;
      this.publishers.clear();
      this.learn((joined.data.publishers ?? []) as JanusPublisherInfo[]);
      // A refused publish (the room's sender limit) leaves receiving as it is.
      if (this.local) await publisher.send(this.local).catch((error) => this.options.onError?.(error));
      if (this.closed) this.teardown();
      return this.current;
    } catch (error) {
      if (!this.closed) {
        this.options.onError?.(error);
        this.teardown();
        this.retry();
      }
      return undefined;
    } finally {
      this.connecting = undefined;
    }
  }

  private learn(publishers: JanusPublisherInfo[]): void {
    for (const publisher of publishers) this.publishers.set(publisher.id, publisher);
    this.receiveAllowed();
  }

  /** Subscribes to the allowed publishers' new streams; drops those no longer allowed. */
  private receiveAllowed(): void {
    const subscriber = this.current?.subscriber;
    if (!subscriber) return;
    const allowed = (publisher: JanusPublisherInfo) =>
      !this.senders || (publisher.display !== undefined && this.senders.has(publisher.display));
    const publishers = [...this.publishers.values()];
    for (const publisher of publishers) if (!allowed(publisher)) subscriber.remove(publisher.id);
    subscriber.add(publishers.filter(allowed));
  }

  /** The socket to Janus dropped: Janus ended our session with it, so everything is made again. */
  private lost(): void {
    // While connecting, the failing request ends connect(), which retries.
    if (this.closed || !this.current) return;
    this.teardown();
    this.retry();
  }

  private retry(): void {
    clearTimeout(this.retryTimer);
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** this.attempt++, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(async () => {
      if (this.closed) return;
      if (this.options.refresh) {
        try {
          const join = await this.options.refresh();
          if (join.kind === "janus") this.join = join;
        } catch (error) {
          // Not a participant any more (or the server is away): try again later, or stay away.
          this.options.onError?.(error);
        }
      }
      if (!this.closed) this.connecting = this.connect();
    }, delay);
  }

  private teardown(): void {
    const current = this.current;
    this.current = undefined;
    if (!current) return;
    current.subscriber.close();
    current.publisher.close();
    current.session.close();
  }

  /** Keeps the token fresh: Janus refuses every request, keepalives too, with an expired one. */
  private scheduleRenewal(): void {
    if (!this.options.refresh) return;
    const wait = Math.max(10_000, tokenExpiry(this.join.token) - Date.now() - RENEW_BEFORE_MS);
    this.renewTimer = setTimeout(async () => {
      if (this.closed) return;
      try {
        const join = await this.options.refresh?.();
        if (join?.kind === "janus") {
          this.join = join;
          this.current?.session.setToken(join.token);
        }
      } catch (error) {
        // Tried again shortly; worth showing only when the token is about to run out.
        if (tokenExpiry(this.join.token) - Date.now() < 60_000) this.options.onError?.(error);
      }
      this.scheduleRenewal();
    }, wait);
  }
}

export function createJanusPath(join: JanusJoin, options: JanusPathOptions = {}): MediaPath {
  return new JanusPath(join, options);
}
