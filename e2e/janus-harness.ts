import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { Page } from "playwright-core";
import type { MediaJoin } from "../contract/rooms";
import type { MediaStats } from "../web/src/features/rooms/media/path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The web app's Janus media path (web/src/features/rooms/media/janus.ts) built on its own and
 * served on a bare page, so a test or a benchmark can drive many participants in one browser
 * without the room screens: `window.votespace.join(mediaJoin)` and friends.
 */
export async function serveJanusHarness(outDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: path.join(root, "web/src/features/rooms/media/janus.ts"),
        name: "VotespaceJanus",
        formats: ["iife"],
        fileName: () => "janus.js",
      },
    },
  });
  const bundle = readFileSync(path.join(outDir, "janus.js"), "utf8");
  const page = `<!doctype html><meta charset="utf-8"><title>Janus harness</title><body><script src="/janus.js"></script><script>${HARNESS}</script></body>`;
  const server: Server = createServer((request, response) => {
    if (request.url === "/janus.js") {
      response.writeHead(200, { "content-type": "text/javascript" });
      response.end(bundle);
      return;
    }
    response.writeHead(200, { "content-type": "text/html" });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    // localhost is a secure context: getUserMedia works there.
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The page's side: participants by name, each a MediaPath with what it receives. */
const HARNESS = `
window.votespace = {
  paths: {},
  remotes: {},
  streams: {},
  join(name, join, show = true) {
    const path = VotespaceJanus.createJanusPath(join, { onError: (e) => console.warn("janus path:", String(e)) });
    this.paths[name] = path;
    this.remotes[name] = {};
    path.onRemote((userId, stream) => {
      this.remotes[name][userId] = stream;
      if (!show) return;
      // Shown as a person would see it: the picture's size tells a camera from a shared screen.
      const id = "video-" + name + "-" + userId;
      let video = document.getElementById(id);
      if (!stream) { if (video) video.remove(); return; }
      if (!video) { video = document.createElement("video"); video.id = id; video.muted = true; video.autoplay = true; video.playsInline = true; document.body.append(video); }
      video.srcObject = stream;
    });
  },
  async send(name, constraints) {
    const stream = await navigator.mediaDevices.getUserMedia(constraints);
    this.streams[name] = stream;
    await this.paths[name].setLocalStream(stream);
  },
  async shareScreen(name) {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
    const audio = this.streams[name] ? this.streams[name].getAudioTracks() : [];
    const stream = new MediaStream([...audio, ...screen.getVideoTracks()]);
    this.streams[name] = stream;
    await this.paths[name].setLocalStream(stream);
    return screen.getVideoTracks()[0].getSettings();
  },
  async mute(name) {
    const stream = new MediaStream(this.streams[name].getVideoTracks());
    await this.paths[name].setLocalStream(stream.getTracks().length ? stream : null);
  },
  async unmute(name) {
    await this.paths[name].setLocalStream(this.streams[name]);
  },
  remoteUsers(name) {
    return Object.entries(this.remotes[name]).filter(([, s]) => s).map(([u, s]) => u + ":" + s.getTracks().map((t) => t.kind).sort().join("+"));
  },
  stats(name) { return this.paths[name].stats(); },
  participants(name, list) { this.paths[name].setParticipants(list); },
  pictureSize(name, userId) {
    const video = document.getElementById("video-" + name + "-" + userId);
    return video ? { width: video.videoWidth, height: video.videoHeight } : null;
  },
  leave(name) { this.paths[name].close(); delete this.paths[name]; },
};
`;

/** Drives the harness page from the test. */
export const harness = {
  /** `show`: put each remote stream in a <video> (a benchmark's viewers skip the rendering). */
  join: (page: Page, name: string, join: MediaJoin, show = true) =>
    page.evaluate(([n, j, s]) => (window as unknown as Harness).votespace.join(n, j, s), [
      name,
      join,
      show,
    ] as const),
  send: (page: Page, name: string, constraints: MediaStreamConstraints) =>
    page.evaluate(([n, c]) => (window as unknown as Harness).votespace.send(n, c), [
      name,
      constraints,
    ] as const),
  shareScreen: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.shareScreen(n), name),
  mute: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.mute(n), name),
  unmute: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.unmute(n), name),
  remoteUsers: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.remoteUsers(n), name),
  /** What the room screen passes on: who is in the session, with their roles. */
  participants: (page: Page, name: string, list: { user_id: string; role: string; joined_at: string }[]) =>
    page.evaluate(([n, l]) => (window as unknown as Harness).votespace.participants(n, l), [
      name,
      list,
    ] as const),
  stats: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.stats(n), name),
  pictureSize: (page: Page, name: string, userId: string) =>
    page.evaluate(([n, u]) => (window as unknown as Harness).votespace.pictureSize(n, u), [
      name,
      userId,
    ] as const),
  leave: (page: Page, name: string) =>
    page.evaluate((n) => (window as unknown as Harness).votespace.leave(n), name),
};

interface Harness {
  votespace: {
    join(name: string, join: MediaJoin, show: boolean): void;
    send(name: string, constraints: MediaStreamConstraints): Promise<void>;
    shareScreen(name: string): Promise<MediaTrackSettings>;
    mute(name: string): Promise<void>;
    unmute(name: string): Promise<void>;
    remoteUsers(name: string): string[];
    stats(name: string): Promise<MediaStats>;
    participants(name: string, list: { user_id: string; role: string; joined_at: string }[]): void;
    pictureSize(name: string, userId: string): { width: number; height: number } | null;
    leave(name: string): void;
  };
}
