import type { IceServer } from "../../../../../contract/rooms";
import type { JanusHandle } from "./janus-session";

/**
 * What this browser sends, on the handle it joined the room with. The first stream publishes;
 * later ones replace tracks in place (mute, camera to screen) without renegotiating, and only a
 * kind of track not sent before (video added to audio) renegotiates with `configure`.
 */
export class JanusPublisher {
  private connection: RTCPeerConnection | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly handle: JanusHandle,
    private readonly iceServers: IceServer[],
  ) {}

  get peerConnection(): RTCPeerConnection | undefined {
    return this.connection;
  }

  /** Sends the stream's tracks, or nothing (null: every sender goes quiet, the feed stays). */
  send(stream: MediaStream | null): Promise<void> {
    const next = this.queue.then(() => this.apply(stream));
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.connection?.close();
    this.connection = undefined;
  }

  private async apply(stream: MediaStream | null): Promise<void> {
    const tracks = stream?.getTracks() ?? [];
    if (!this.connection) {
      if (!stream || tracks.length === 0) return;
      const connection = new RTCPeerConnection({ iceServers: this.iceServers });
      connection.addEventListener("icecandidate", (event) => this.handle.trickle(event.candidate));
      this.connection = connection;
      for (const track of tracks)
        connection.addTransceiver(track, { direction: "sendonly", streams: [stream] });
      try {
        await this.negotiate("publish");
      } catch (error) {
        // Refused (the room's publisher limit, say): the next stream tries to publish afresh.
        this.close();
        throw error;
      }
      return;
    }
    let added = false;
    for (const kind of ["audio", "video"] as const) {
      const track = tracks.find((candidate) => candidate.kind === kind) ?? null;
      // A sender that sent nothing yet has no track; its receiver's track tells its kind.
      const transceiver = this.connection.getTransceivers().find((t) => t.receiver.track.kind === kind);
      if (transceiver) await transceiver.sender.replaceTrack(track);
      else if (track && stream) {
        this.connection.addTransceiver(track, { direction: "sendonly", streams: [stream] });
        added = true;
      }
    }
    if (added) await this.negotiate("configure");
  }

  private async negotiate(request: "publish" | "configure"): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    const answer = await this.handle.message({ request }, offer);
    if (answer.jsep) await connection.setRemoteDescription(answer.jsep);
  }
}
