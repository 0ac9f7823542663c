import type { SignalData } from "../../../../../contract/events";
import type { IceServer, RoomParticipant, RoomRole } from "../../../../../contract/rooms";
import { SENDING_ROLES } from "../../../../../contract/rooms";
import type { SignalChannel } from "../roomSocket";
import { inboundStats, type MediaPath, type MediaStats } from "./path";

type Participant = Pick<RoomParticipant, "user_id" | "role" | "joined_at">;

export interface MeshOptions {
  selfId: string;
  /** Live streams carry video as well as audio. */
  video: boolean;
  signals: SignalChannel;
}

/** One connection to one other participant. */
interface Link {
  userId: string;
  pc: RTCPeerConnection;
  /** This connection's own id, sent with every signal: a new connection is a new peer. */
  id: string;
  /** The other side's connection id, learnt from its first signal. */
  remoteId: string | null;
  /** Perfect negotiation: the polite side yields when both offer at once. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Counts this side's offers: a reminder belongs to the offer it was set for. */
  offers: number;
  /** What the link was made for: a change of either side's sending, or a rejoin, makes a new one. */
  key: string;
  /** The transceivers this side sends on (none when it only receives). */
  audio: RTCRtpTransceiver | null;
  video: RTCRtpTransceiver | null;
  remote: MediaStream;
  /** Settles when the link is dropped (see `applied`). */
  dropped: Promise<void>;
  markDropped: () => void;
}

const newId = () => crypto.randomUUID();
/** How long an offer waits for its answer before it is made again. */
const OFFER_ANSWER_WAIT_MS = 4000;
/** The key of a link made on an offer from someone the participant list does not show yet. */
const PENDING = "pending";
const sends = (role: RoomRole | undefined) => !!role && SENDING_ROLES.has(role);

/**
 * Browser to browser: one RTCPeerConnection per pair of participants where at least one side
 * sends (host, speakers); listeners and viewers only answer, to receive. Each side sends on
 * transceivers of its own that exist from the start, so muting, turning the camera off or
 * sharing the screen replaces a track without renegotiating. Glare (both offering at once) is
 * settled by the perfect negotiation pattern.
 */
export class MeshPath implements MediaPath {
  readonly kind = "mesh" as const;
  private readonly links = new Map<string, Link>();
  private readonly listeners = new Set<(userId: string, stream: MediaStream | null) => void>();
  private readonly roles = new Map<string, Participant>();
  /** Names the outgoing stream (msid) so the receiver groups audio and video together. */
  private readonly outbound = new MediaStream();
  private local: MediaStream | null = null;
  private readonly stopSignals: () => void;
  private inbox: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly iceServers: IceServer[],
    private readonly options: MeshOptions,
  ) {
    // One signal at a time, in order: a second offer handled while the first is still being
    // applied would look like a collision and be ignored, leaving its sender waiting forever.
    this.stopSignals = options.signals.onSignal((from, data) => {
      this.inbox = this.inbox
        .then(() => this.receive(from, data))
        .catch((error) => console.warn("mesh: signal failed", error));
    });
  }

  private get selfSends(): boolean {
    return sends(this.roles.get(this.options.selfId)?.role);
  }

  setParticipants(participants: readonly Participant[]): void {
    if (this.closed) return;
    this.roles.clear();
    for (const participant of participants) this.roles.set(participant.user_id, participant);
    for (const [userId, link] of this.links) {
      const wanted = this.keyFor(userId);
      // A link answered before the list named its sender gets its key now, and this side's own
      // transceivers if it sends: made before the list named anyone, it was only receiving (a host
      // reloading while a speaker is on stage answers the speaker's offer first).
      if (link.key === PENDING && wanted) {
        link.key = wanted;
        if (this.selfSends && !link.audio) this.addSending(link);
      } else if (wanted !== link.key) this.drop(userId);
    }
    if (!this.selfSends) return;
    // A sender calls everyone; the audience waits for the senders' offers.
    for (const userId of this.roles.keys()) {
      if (userId !== this.options.selfId && !this.links.has(userId)) this.connect(userId);
    }
  }

  async setLocalStream(stream: MediaStream | null): Promise<void> {
    this.local = stream;
    await Promise.all([...this.links.values()].map((link) => this.attachTracks(link)));
  }

  onRemote(listener: (userId: string, stream: MediaStream | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats(): Promise<MediaStats> {
    return inboundStats([...this.links.values()].map((link) => link.pc));
  }

  close(): void {
    this.closed = true;
    this.stopSignals();
    for (const userId of [...this.links.keys()]) this.drop(userId);
    this.listeners.clear();
  }

  /** Null when the pair needs no connection: neither side sends, or the other is not here. */
  private keyFor(userId: string): string | null {
    const other = this.roles.get(userId);
    if (!other) return null;
    const otherSends = sends(other.role);
    if (!this.selfSends && !otherSends) return null;
    return `${this.selfSends}|${otherSends}|${other.joined_at}`;
  }

  /**
   * A new link to this user. `offered`: their offer came first (the server let it through, so
   * they are a sender seated in this session) even if the participant list has not caught up.
   */
  private connect(userId: string, offered = false): Link | null {
    const key = this.keyFor(userId) ?? (offered && !this.roles.has(userId) ? PENDING : null);
    if (!key || this.closed) return null;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    let markDropped = () => {};
    const dropped = new Promise<void>((resolve) => {
      markDropped = resolve;
    });
    const link: Link = {
      userId,
      pc,
      id: newId(),
      remoteId: null,
      polite: this.options.selfId < userId,
      makingOffer: false,
      ignoreOffer: false,
      offers: 0,
      key,
      audio: null,
      video: null,
      remote: new MediaStream(),
      dropped,
      markDropped,
    };
    this.links.set(userId, link);
    if (this.selfSends) this.addSending(link);
    // When both sides send, the polite one lets the other offer first: two first offers at once
    // would make the polite side roll its own back, and Chromium gathers no ICE candidates for a
    // first offer rolled back before its gathering ended, so that connection never carries media.
    // It offers (its own transceivers) right after answering, or alone if no offer comes in time.
    let waited = !link.polite || !sends(this.roles.get(userId)?.role);
    if (!waited) {
      setTimeout(() => {
        waited = true;
        if (link.remoteId === null && pc.signalingState === "stable") void offer();
      }, OFFER_ANSWER_WAIT_MS);
    }
    const offer = async () => {
      // Only a sender offers: the server refuses offers from the audience.
      if (!this.selfSends || this.links.get(userId) !== link) return;
      if (!waited && link.remoteId === null) return;
      const round = ++link.offers;
      try {
        link.makingOffer = true;
        await pc.setLocalDescription();
        this.signal(link, { description: pc.localDescription as RTCSessionDescription });
      } catch (error) {
        console.warn("mesh: offer failed", error);
      } finally {
        link.makingOffer = false;
      }
      // An offer can be lost (ignored in a glare the other side lost track of, dropped by a
      // restarting server): unanswered for a while, the same offer is sent again (now with the
      // candidates gathered since). It is not rolled back and made anew: a first offer rolled
      // back gathers no candidates in Chromium, and the link would never connect.
      const remind = () =>
        setTimeout(() => {
          if (this.links.get(userId) !== link || link.offers !== round) return;
          if (pc.signalingState !== "have-local-offer" || !pc.localDescription) return;
          this.signal(link, { description: pc.localDescription });
          remind();
        }, OFFER_ANSWER_WAIT_MS);
      remind();
    };
    pc.onnegotiationneeded = offer;
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.signal(link, { candidate });
    };
    pc.ontrack = ({ track }) => {
      link.remote.addTrack(track);
      track.onended = () => {
        link.remote.removeTrack(track);
        this.emit(userId, link.remote);
      };
      this.emit(userId, link.remote);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed" && this.selfSends) pc.restartIce();
    };
    return link;
  }

  /** This side's own transceivers on a link (a sender's): adding them asks for a negotiation. */
  private addSending(link: Link): void {
    link.audio = link.pc.addTransceiver("audio", { direction: "sendrecv", streams: [this.outbound] });
    if (this.options.video) {
      link.video = link.pc.addTransceiver("video", { direction: "sendrecv", streams: [this.outbound] });
    }
    void this.attachTracks(link);
  }

  private drop(userId: string): void {
    const link = this.links.get(userId);
    if (!link) return;
    this.links.delete(userId);
    link.pc.onnegotiationneeded = null;
    link.pc.onicecandidate = null;
    link.pc.ontrack = null;
    link.pc.close();
    link.markDropped();
    this.emit(userId, null);
  }

  private async attachTracks(link: Link): Promise<void> {
    const audio = this.local?.getAudioTracks()[0] ?? null;
    const video = this.local?.getVideoTracks()[0] ?? null;
    try {
      if (link.audio) await link.audio.sender.replaceTrack(audio);
      if (link.video) await link.video.sender.replaceTrack(video);
    } catch (error) {
      console.warn("mesh: track replacement failed", error);
    }
  }

  private signal(link: Link, payload: { description?: RTCSessionDescription; candidate?: RTCIceCandidate }) {
    if (this.links.get(link.userId) !== link) return;
    const data: SignalData = { instance: link.id };
    if (link.remoteId) data.peer = link.remoteId;
    if (payload.description) {
      data.description = {
        type: payload.description.type as "offer" | "answer",
        sdp: payload.description.sdp,
      };
    }
    if (payload.candidate) {
      const json = payload.candidate.toJSON();
      data.candidate = {
        candidate: json.candidate ?? "",
        sdpMid: json.sdpMid ?? null,
        sdpMLineIndex: json.sdpMLineIndex ?? null,
        usernameFragment: json.usernameFragment ?? null,
      };
    }
    this.options.signals.send(link.userId, data);
  }

  /** Perfect negotiation, with a new link whenever the other side's connection is a new one. */
  private async receive(from: string, data: SignalData): Promise<void> {
    if (this.closed) return;
    let link = this.links.get(from);
    const offer = data.description?.type === "offer";
    if (offer && link?.remoteId && link.remoteId !== data.instance) {
      this.drop(from);
      link = undefined;
    }
    if (!link && offer) link = this.connect(from, true) ?? undefined;
    if (!link) return;
    // An answer or candidate for a link of ours that is gone (dropped while it was on its way):
    // taken by its successor, it would pair that one with a connection that talks to no one.
    if (!offer && data.peer && data.peer !== link.id) return;
    // Only a description tells which connection of theirs this link talks to. An offer's ICE
    // candidates name no peer (its sender knows none before the answer), so one that reaches a link
    // no description has bound is from a connection of theirs made for an earlier link of ours, come
    // late: taken as the peer, it would have the link ignore the answer it waits for, or, waiting
    // for an offer, never make its own, and the two sides would never carry media.
    if (link.remoteId === null && data.description) link.remoteId = data.instance;
    if (link.remoteId !== data.instance) return;
    const { pc } = link;

    if (data.description) {
      const collision = offer && (link.makingOffer || pc.signalingState !== "stable");
      // (Signals are applied one at a time, so "not stable" here is a real glare, not our own answer in flight.)
      link.ignoreOffer = !link.polite && collision;
      if (link.ignoreOffer) return;
      if (!(await this.applied(link, pc.setRemoteDescription(data.description)))) return;
      if (offer) {
        if (!(await this.applied(link, pc.setLocalDescription()))) return;
        this.signal(link, { description: pc.localDescription as RTCSessionDescription });
      }
      return;
    }
    if (data.candidate) {
      try {
        await this.applied(link, pc.addIceCandidate(data.candidate));
      } catch (error) {
        if (!link.ignoreOffer) throw error;
      }
    }
  }

  /**
   * Waits for an operation of a link's connection, or for the link to be dropped (false then): a
   * closed RTCPeerConnection never settles an operation it had queued, and the inbox, which
   * applies one signal at a time, would wait on it for good, deaf to every later signal (a
   * candidate being added when the other side became a speaker left the host unable to hear the
   * speaker's offer).
   */
  private async applied(link: Link, operation: Promise<void>): Promise<boolean> {
    await Promise.race([operation, link.dropped]);
    return this.links.get(link.userId) === link;
  }

  private emit(userId: string, stream: MediaStream | null): void {
    for (const listener of this.listeners) listener(userId, stream);
  }
}
