import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignalData } from "../../../../../contract/events";
import type { RoomRole } from "../../../../../contract/rooms";
import { MeshPath } from "./mesh";

/**
 * Just enough of an RTCPeerConnection for the mesh's signalling: the signalling states of an
 * offer and its answer, an ICE candidate refused before a remote description, a candidate
 * gathered once a local description is set, a negotiation asked for when a transceiver is added;
 * and, as in Chromium, operations that complete a moment later, and never once the connection is
 * closed (their promises stay pending).
 */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = "stable";
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  connectionState: RTCPeerConnectionState = "new";
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor() {
    FakePeerConnection.made.push(this);
  }

  addTransceiver() {
    setTimeout(() => this.onnegotiationneeded?.(), 0);
    return { sender: { replaceTrack: async () => {} } };
  }

  private operation(apply: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (this.signalingState === "closed") return;
        try {
          apply();
          resolve();
        } catch (error) {
          reject(error);
        }
      }, 1);
    });
  }

  setLocalDescription() {
    return this.operation(() => this.describe());
  }

  private describe() {
    const type = this.signalingState === "have-remote-offer" ? "answer" : "offer";
    this.localDescription = { type, sdp: `${type} ${FakePeerConnection.made.indexOf(this)}` };
    this.signalingState = type === "offer" ? "have-local-offer" : "stable";
    setTimeout(() => this.onicecandidate?.({ candidate: candidate() }), 0);
  }

  setRemoteDescription(description: RTCSessionDescriptionInit) {
    return this.operation(() => this.takeRemote(description));
  }

  private takeRemote(description: RTCSessionDescriptionInit) {
    if (description.type === "answer" && this.signalingState !== "have-local-offer") {
      throw new DOMException(`Called in wrong state: ${this.signalingState}`, "InvalidStateError");
    }
    this.remoteDescription = description;
    // An offer in "have-local-offer" rolls the local one back first, as browsers do.
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
  }

  addIceCandidate() {
    return this.operation(() => {
      if (!this.remoteDescription) {
        throw new DOMException("The remote description was null", "InvalidStateError");
      }
    });
  }

  restartIce() {}

  close() {
    this.signalingState = "closed";
  }
}

const candidate = () => ({
  toJSON: () => ({ candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 }),
});
const iceCandidate = {
  candidate: "candidate:2 1 udp 1 127.0.0.1 6000 typ host",
  sdpMid: "0",
  sdpMLineIndex: 0,
};

/** The seat's socket: what the mesh sends, and a way to hand it what the other side sent. */
function signalChannel() {
  const sent: Array<{ to: string; data: SignalData }> = [];
  let handler: (from: string, data: SignalData) => void = () => {};
  return {
    sent,
    receive: (from: string, data: SignalData) => handler(from, data),
    channel: {
      send: (to: string, data: SignalData) => sent.push({ to, data }),
      onSignal: (listener: (from: string, data: SignalData) => void) => {
        handler = listener;
        return () => {};
      },
    },
  };
}

/** Lets the mesh's queued signals, negotiations and gathered candidates run. */
const settle = () => vi.advanceTimersByTimeAsync(10);

// Kojo's id sorts after the host's: Kojo is the impolite side, who offers at once.
const HOST = "user-h";
const KOJO = "user-k";
const seats = (kojo: RoomRole) => [
  { user_id: HOST, role: "host" as const, joined_at: "2026-01-01T10:00:00.000Z" },
  { user_id: KOJO, role: kojo, joined_at: "2026-01-01T10:00:01.000Z" },
];

/**
 * The host's mesh with Kojo a viewer: the host (polite: its id sorts first) offered, and Kojo's
 * connection "k1" answered it. Its `first` is the host's offer.
 */
async function hostWithViewer() {
  const signals = signalChannel();
  const mesh = new MeshPath([], { selfId: HOST, video: true, signals: signals.channel });
  mesh.setParticipants(seats("viewer"));
  await settle();
  const first = signals.sent.find((s) => s.data.description?.type === "offer");
  signals.receive(KOJO, {
    instance: "k1",
    peer: first?.data.instance,
    description: { type: "answer", sdp: "answer k1" },
  });
  return { signals, mesh, first };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePeerConnection.made = [];
  vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
  vi.stubGlobal("MediaStream", class {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("MeshPath", () => {
  it("takes no stray ICE candidate for a new connection's peer: a viewer promoted to speaker connects on the host's answer", async () => {
    const signals = signalChannel();
    const mesh = new MeshPath([], { selfId: KOJO, video: true, signals: signals.channel });
    mesh.setParticipants(seats("viewer"));

    // As a viewer, Kojo answers the host's connection "h1", whose candidates follow its offer
    // without naming Kojo's connection (the host does not know it before the answer).
    signals.receive(HOST, { instance: "h1", description: { type: "offer", sdp: "offer h1" } });
    signals.receive(HOST, { instance: "h1", candidate: iceCandidate });
    await settle();
    const [answer] = signals.sent;
    expect(answer.data.description?.type).toBe("answer");
    expect(answer.data.peer).toBe("h1");

    // Promoted: Kojo's connection is made anew, to send, and offers at once.
    mesh.setParticipants(seats("speaker"));
    await settle();
    expect(FakePeerConnection.made).toHaveLength(2);
    const promoted = FakePeerConnection.made[1];
    const offer = signals.sent.find((s) => s.data.description?.type === "offer");
    expect(offer?.data.instance).not.toBe(answer.data.instance);
    expect(offer?.data.peer).toBeUndefined();

    // A candidate of "h1" sent before Kojo's answer reached the host arrives late, after the
    // promotion: it is no signal for the new connection, which would take "h1" for its peer and
    // refuse the answer of the host's new connection "h2".
    signals.receive(HOST, { instance: "h1", candidate: iceCandidate });
    signals.receive(HOST, {
      instance: "h2",
      peer: offer?.data.instance,
      description: { type: "answer", sdp: "answer h2" },
    });
    await settle();
    expect(promoted.signalingState).toBe("stable");
    expect(promoted.remoteDescription?.sdp).toBe("answer h2");

    // The host then offers its own camera on the same connection: renegotiated, not a new peer.
    signals.receive(HOST, {
      instance: "h2",
      peer: offer?.data.instance,
      description: { type: "offer", sdp: "offer h2" },
    });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(2);
    const reply = signals.sent.filter((s) => s.data.description?.type === "answer").at(-1);
    expect(reply?.data).toMatchObject({ instance: offer?.data.instance, peer: "h2" });
    mesh.close();
  });

  it("still offers after its wait when a stray candidate reached the polite side waiting for an offer", async () => {
    // The host's id sorts first: the host is polite and lets a promoted speaker offer first.
    // Kojo, promoted, offered from "k2" before the host saw the promotion: answered on a
    // connection made for a viewer, which the promotion then replaces.
    const { signals, mesh, first } = await hostWithViewer();
    expect(first).toBeDefined();
    signals.receive(KOJO, { instance: "k2", description: { type: "offer", sdp: "offer k2" } });
    await settle();
    mesh.setParticipants(seats("speaker"));
    await settle();
    const waiting = FakePeerConnection.made.at(-1);
    const sentBefore = signals.sent.length;

    // A candidate "k2" gathered before the host's answer reached Kojo comes in now.
    signals.receive(KOJO, { instance: "k2", candidate: iceCandidate });
    await vi.advanceTimersByTimeAsync(4_500);
    const offer = signals.sent.slice(sentBefore).find((s) => s.data.description?.type === "offer");
    expect(offer?.data.peer).toBeUndefined();
    expect(waiting?.signalingState).toBe("have-local-offer");
    mesh.close();
  });

  it("hears the other side's new connection after dropping a link while one of its signals was being applied", async () => {
    const { signals, mesh, first } = await hostWithViewer();
    await settle();

    // Kojo's candidate is being added when the host sees Kojo promoted: that connection closes
    // with the operation pending, which then never completes.
    signals.receive(KOJO, { instance: "k1", peer: first?.data.instance, candidate: iceCandidate });
    await vi.advanceTimersByTimeAsync(0);
    mesh.setParticipants(seats("speaker"));

    // Kojo's new connection offers: the host answers it.
    signals.receive(KOJO, { instance: "k2", description: { type: "offer", sdp: "offer k2" } });
    await settle();
    const answer = signals.sent.find((s) => s.data.description?.type === "answer");
    expect(answer?.data.peer).toBe("k2");
    expect(FakePeerConnection.made.at(-1)?.remoteDescription?.sdp).toBe("offer k2");
    mesh.close();
  });
});
