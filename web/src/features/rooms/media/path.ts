import type { MediaJoin, RoomParticipant } from "../../../../../contract/rooms";

/**
 * One interface for the two ways a session's media travels: browser to browser (mesh.ts) or
 * through the Janus SFU (janus.ts). The room screens only talk to this.
 */
export interface MediaPath {
  readonly kind: MediaJoin["kind"];
  /**
   * What this browser sends: a stream with an audio track and/or a video track, or null to send
   * nothing (listeners and viewers). Called again to replace tracks in place (camera → screen, mute).
   */
  setLocalStream(stream: MediaStream | null): Promise<void>;
  /** Remote participants' media as it arrives (a stream) and goes (null), keyed by user id. */
  onRemote(listener: (userId: string, stream: MediaStream | null) => void): () => void;
  /** Totals over every inbound RTP stream: tests watch these grow, the screen shows a quality dot. */
  stats(): Promise<MediaStats>;
  /** Leaves: closes every connection; the local tracks are the caller's to stop. */
  close(): void;
  /**
   * The session's connected participants and their roles, each time they change. The mesh
   * connects every pair where one side sends (host, speakers) and reconnects a participant who
   * rejoined (`joined_at` changed); the Janus path learns publishers from Janus and may ignore it.
   */
  setParticipants?(
    participants: ReadonlyArray<Pick<RoomParticipant, "user_id" | "role" | "joined_at">>,
  ): void;
}

export interface MediaStats {
  audioBytesReceived: number;
  videoBytesReceived: number;
  videoFramesDecoded: number;
}

/** Sums inbound RTP statistics of one or more peer connections. */
export async function inboundStats(connections: Iterable<RTCPeerConnection>): Promise<MediaStats> {
  const totals: MediaStats = { audioBytesReceived: 0, videoBytesReceived: 0, videoFramesDecoded: 0 };
  for (const connection of connections) {
    const report = await connection.getStats();
    report.forEach((entry) => {
      if (entry.type !== "inbound-rtp") return;
      if (entry.kind === "audio") totals.audioBytesReceived += entry.bytesReceived ?? 0;
      if (entry.kind === "video") {
        totals.videoBytesReceived += entry.bytesReceived ?? 0;
        totals.videoFramesDecoded += entry.framesDecoded ?? 0;
      }
    });
  }
  return totals;
}
