import type { IceServer } from "../../../../../contract/rooms";
import type { JanusHandle, JanusJsep, JanusSession, PluginEvent } from "./janus-session";

/** A publisher as the VideoRoom announces it: its feed id, display (our user id) and streams. */
export interface JanusPublisherInfo {
  id: number;
  display?: string;
  streams?: { mid: string; type: string; disabled?: boolean }[];
}

/** One stream of the subscription, as Janus lists them after each negotiation. */
interface SubscribedStream {
  mid: string;
  type?: string;
  active?: boolean;
  feed_id?: number;
  feed_mid?: string;
  feed_display?: string;
}

interface StreamRef {
  feed: number;
  mid: string;
}

const key = (feed: number, mid: string) => `${feed}/${mid}`;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5000;

/**
 * Everything this browser receives, on one subscriber handle and one peer connection. What it
 * should receive (every stream of the allowed publishers) is compared with what Janus says the
 * subscription holds after each negotiation; missing streams are asked for again, because Janus
 * may skip a stream a publisher is still setting up (a camera added just after the microphone).
 * Remote media is grouped per user (the publisher's display) and announced as it changes.
 */
export class JanusSubscriber {
  private handle: JanusHandle | undefined;
  private connection: RTCPeerConnection | undefined;
  private streams: SubscribedStream[] = [];
  private readonly desired = new Map<string, StreamRef>();
  private readonly remotes = new Map<string, MediaStream>();
  private queue: Promise<void> = Promise.resolve();
  private syncing = false;
  private retryDelay = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Janus hung up the subscription's peer connection. */
  onHangup: () => void = () => {};

  constructor(
    private readonly session: JanusSession,
    private readonly room: { room: number; pin: string; privateId: number; iceServers: IceServer[] },
    private readonly announce: (userId: string, stream: MediaStream | null) => void,
    private readonly fail: (error: unknown) => void,
  ) {}

  get peerConnection(): RTCPeerConnection | undefined {
    return this.connection;
  }

  /** Receives these publishers' streams (those not received yet are subscribed to). */
  add(publishers: JanusPublisherInfo[]): void {
    for (const publisher of publishers) {
      for (const stream of publisher.streams ?? []) {
        if (!stream.disabled)
          this.desired.set(key(publisher.id, stream.mid), { feed: publisher.id, mid: stream.mid });
      }
    }
    this.sync();
  }

  /** A publisher left or stopped publishing: Janus drops its streams from the subscription itself. */
  forget(feed: number): void {
    for (const [entry, ref] of this.desired) if (ref.feed === feed) this.desired.delete(entry);
  }

  /** Stops receiving a publisher that is still there (no longer a host or speaker). */
  remove(feed: number): void {
    this.forget(feed);
    this.reconcile();
    this.enqueue(async () => {
      const held = this.streams.some((stream) => stream.feed_id === feed && stream.active !== false);
      const wantedAgain = [...this.desired.values()].some((ref) => ref.feed === feed);
      if (!this.handle || !held || wantedAgain) return;
      await this.apply(await this.handle.message({ request: "unsubscribe", streams: [{ feed }] }));
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.connection?.close();
    this.connection = undefined;
    for (const userId of this.remotes.keys()) this.announce(userId, null);
    this.remotes.clear();
  }

  private missing(): StreamRef[] {
    const held = new Set(
      this.streams
        .filter(
          (stream) =>
            stream.active !== false && stream.feed_id !== undefined && stream.feed_mid !== undefined,
        )
        .map((stream) => key(stream.feed_id as number, stream.feed_mid as string)),
    );
    return [...this.desired.entries()].filter(([entry]) => !held.has(entry)).map(([, ref]) => ref);
  }

  /** One subscription change at a time; after it, whatever is still missing is asked for again. */
  private sync(): void {
    if (this.syncing || this.closed) return;
    const missing = this.missing();
    if (missing.length === 0) return;
    this.syncing = true;
    clearTimeout(this.retryTimer);
    this.enqueue(async () => {
      try {
        await this.subscribe(missing);
      } catch (error) {
        // A feed that left meanwhile is refused: its leaving event takes it out of `desired`.
        if (this.retryDelay === RETRY_MAX_MS) this.fail(error);
      } finally {
        this.syncing = false;
      }
      const still = this.missing();
      if (still.length === 0) {
        this.retryDelay = RETRY_MIN_MS;
        return;
      }
      // Streams announced meanwhile go at once; those just asked for and skipped, after a pause.
      const tried = new Set(missing.map((ref) => key(ref.feed, ref.mid)));
      if (still.some((ref) => !tried.has(key(ref.feed, ref.mid)))) {
        this.sync();
        return;
      }
      this.retryTimer = setTimeout(() => this.sync(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    });
  }

  private async subscribe(streams: StreamRef[]): Promise<void> {
    if (this.handle) {
      await this.apply(await this.handle.message({ request: "subscribe", streams }));
      return;
    }
    const handle = await this.session.attach("janus.plugin.videoroom");
    handle.onEvent = (event) => this.enqueue(() => this.apply(event));
    handle.onHangup = () => this.onHangup();
    const attached = await handle.message({
      request: "join",
      ptype: "subscriber",
      room: this.room.room,
      pin: this.room.pin,
      private_id: this.room.privateId,
      streams,
    });
    this.handle = handle;
    await this.apply(attached);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error) => this.fail(error));
  }

  /** Janus's news about the subscription: a new offer to answer, and/or the list of streams. */
  private async apply(event: PluginEvent): Promise<void> {
    if (this.closed) return;
    const streams = event.data.streams;
    if (Array.isArray(streams)) this.streams = streams as SubscribedStream[];
    if (event.jsep?.type === "offer") await this.answer(event.jsep);
    this.reconcile();
  }

  private async answer(offer: JanusJsep): Promise<void> {
    const handle = this.handle;
    if (!handle) return;
    if (!this.connection) {
      const connection = new RTCPeerConnection({ iceServers: this.room.iceServers });
      connection.addEventListener("icecandidate", (event) => handle.trickle(event.candidate));
      this.connection = connection;
    }
    await this.connection.setRemoteDescription(offer);
    const answer = await this.connection.createAnswer();
    await this.connection.setLocalDescription(answer);
    await handle.message({ request: "start" }, answer);
  }

  /** Groups the live receivers per user and announces each user whose media changed. */
  private reconcile(): void {
    const connection = this.connection;
    const tracks = new Map<string, MediaStreamTrack[]>();
    for (const stream of this.streams) {
      if (stream.active === false || !stream.feed_display || stream.type === "data") continue;
      // Only what is wanted is shown: a publisher dropped a moment ago goes before Janus confirms.
      if (stream.feed_id === undefined || !this.desired.has(key(stream.feed_id, stream.feed_mid ?? "")))
        continue;
      const transceiver = connection?.getTransceivers().find((t) => t.mid === stream.mid);
      if (
        !transceiver ||
        transceiver.currentDirection === "inactive" ||
        transceiver.currentDirection === "stopped"
      )
        continue;
      tracks.set(stream.feed_display, [
        ...(tracks.get(stream.feed_display) ?? []),
        transceiver.receiver.track,
      ]);
    }
    for (const [userId, userTracks] of tracks) {
      const current = this.remotes.get(userId);
      const same =
        current &&
        current.getTracks().length === userTracks.length &&
        userTracks.every((track) => current.getTrackById(track.id));
      if (same) continue;
      const stream = new MediaStream(userTracks);
      this.remotes.set(userId, stream);
      this.announce(userId, stream);
    }
    for (const userId of [...this.remotes.keys()]) {
      if (tracks.has(userId)) continue;
      this.remotes.delete(userId);
      this.announce(userId, null);
    }
  }
}
