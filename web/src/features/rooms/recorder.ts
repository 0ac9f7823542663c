import { RECORDING_MAX_BYTES } from "../../../../contract/rooms";

/** What the recording is made of, read again whenever participants come and go. */
export interface RecordingSources {
  /** Every stream whose audio is mixed in: the host's own and each remote one. */
  audio: MediaStream[];
  /** Streams whose pictures are laid out side by side (live streams only). */
  video: MediaStream[];
}

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
/** Keeps a recording of a long session under the upload limit (about 25 minutes at this rate). */
const VIDEO_BITS_PER_SECOND = 1_000_000;
const AUDIO_BITS_PER_SECOND = 64_000;

function pickType(video: boolean): string {
  const candidates = video
    ? ["video/webm;codecs=vp8,opus", "video/webm"]
    : ["audio/webm;codecs=opus", "audio/webm"];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? "";
}

/**
 * Records a session in the host's browser: every participant's audio mixed into one track (Web
 * Audio), and for a live stream the pictures drawn side by side on a canvas. WebM, in one-second
 * pieces; it stops by itself before the upload limit.
 */
export class SessionRecorder {
  private readonly context = new AudioContext();
  private readonly mix = this.context.createMediaStreamDestination();
  private readonly inputs = new Map<MediaStreamTrack, MediaStreamAudioSourceNode>();
  private readonly pictures = new Map<MediaStream, HTMLVideoElement>();
  private readonly canvas = document.createElement("canvas");
  private readonly recorder: MediaRecorder;
  private readonly chunks: Blob[] = [];
  private size = 0;
  private drawTimer: ReturnType<typeof setInterval> | undefined;
  private finished: Promise<Blob>;
  readonly startedAt = new Date();

  constructor(
    private readonly withVideo: boolean,
    private readonly title: string,
    sources: RecordingSources,
    private readonly onLimit: () => void,
  ) {
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
    this.update(sources);
    const tracks = [...this.mix.stream.getAudioTracks()];
    if (withVideo) {
      tracks.unshift(...this.canvas.captureStream(FPS).getVideoTracks());
      this.drawTimer = setInterval(() => this.draw(), 1000 / FPS);
    }
    const mimeType = pickType(withVideo);
    this.recorder = new MediaRecorder(new MediaStream(tracks), {
      ...(mimeType && { mimeType }),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
      ...(withVideo && { videoBitsPerSecond: VIDEO_BITS_PER_SECOND }),
    });
    this.finished = new Promise((resolve) => {
      this.recorder.onstop = () =>
        resolve(new Blob(this.chunks, { type: mimeType.split(";")[0] || "video/webm" }));
    });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      this.chunks.push(event.data);
      this.size += event.data.size;
      // Room for the last piece: stop a little before the limit.
      if (this.size > RECORDING_MAX_BYTES - 2 * 1024 * 1024) this.onLimit();
    };
    this.recorder.start(1000);
  }

  get bytes(): number {
    return this.size;
  }

  /** Follows participants joining, leaving, muting or turning their camera on. */
  update(sources: RecordingSources): void {
    const audioTracks = new Set(sources.audio.flatMap((stream) => stream.getAudioTracks()));
    for (const [track, node] of this.inputs) {
      if (!audioTracks.has(track)) {
        node.disconnect();
        this.inputs.delete(track);
      }
    }
    for (const track of audioTracks) {
      if (this.inputs.has(track)) continue;
      const node = this.context.createMediaStreamSource(new MediaStream([track]));
      node.connect(this.mix);
      this.inputs.set(track, node);
    }
    if (!this.withVideo) return;
    const streams = new Set(sources.video.filter((stream) => stream.getVideoTracks().length > 0));
    for (const [stream, element] of this.pictures) {
      if (!streams.has(stream)) {
        element.srcObject = null;
        this.pictures.delete(stream);
      }
    }
    for (const stream of streams) {
      if (this.pictures.has(stream)) continue;
      const element = document.createElement("video");
      element.muted = true;
      element.playsInline = true;
      element.srcObject = new MediaStream(stream.getVideoTracks());
      void element.play().catch(() => undefined);
      this.pictures.set(stream, element);
    }
  }

  /** Stops and gives the recording (a WebM file). */
  async stop(): Promise<{ blob: Blob; filename: string }> {
    clearInterval(this.drawTimer);
    if (this.recorder.state !== "inactive") this.recorder.stop();
    const blob = await this.finished;
    for (const node of this.inputs.values()) node.disconnect();
    for (const element of this.pictures.values()) element.srcObject = null;
    await this.context.close().catch(() => undefined);
    const stamp = this.startedAt.toISOString().slice(0, 16).replace(/[:T]/g, "-");
    const safeTitle = this.title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "recording";
    return { blob, filename: `${safeTitle} ${stamp}.webm` };
  }

  /** The pictures in a grid, each scaled to fit its cell. */
  private draw(): void {
    const g = this.canvas.getContext("2d");
    if (!g) return;
    g.fillStyle = "#111827";
    g.fillRect(0, 0, WIDTH, HEIGHT);
    const elements = [...this.pictures.values()].filter((element) => element.videoWidth > 0);
    if (elements.length === 0) {
      g.fillStyle = "#e5e7eb";
      g.font = "32px sans-serif";
      g.textAlign = "center";
      g.fillText(this.title, WIDTH / 2, HEIGHT / 2);
      return;
    }
    const columns = Math.ceil(Math.sqrt(elements.length));
    const rows = Math.ceil(elements.length / columns);
    const cellWidth = WIDTH / columns;
    const cellHeight = HEIGHT / rows;
    elements.forEach((element, index) => {
      const scale = Math.min(cellWidth / element.videoWidth, cellHeight / element.videoHeight);
      const width = element.videoWidth * scale;
      const height = element.videoHeight * scale;
      const x = (index % columns) * cellWidth + (cellWidth - width) / 2;
      const y = Math.floor(index / columns) * cellHeight + (cellHeight - height) / 2;
      g.drawImage(element, x, y, width, height);
    });
  }
}
