import type { BrowserContext, Page } from "playwright-core";
import { type Channel, channelPath } from "../contract/channels";
import type { MediaStats } from "../web/src/features/rooms/media/path";
import { pause } from "./support";

/** Steps of the room journeys, on the mesh (rooms.test.ts) and on Janus (rooms-janus.test.ts). */

export async function createChannel(
  context: BrowserContext,
  input: { name: string; type: "airing" | "live" },
) {
  const response = await context.request.post("/api/channels", { data: input });
  if (!response.ok()) throw new Error(`create channel: ${response.status()} ${await response.text()}`);
  return (await response.json()).channel as Channel;
}

/** Opens the channel's room screen and waits until its controls are there. */
export async function openRoom(who: { page: Page }, area: "organization" | "member", channel: Channel) {
  await who.page.goto(channelPath(area, channel));
  await who.page.getByRole("heading", { name: channel.name }).waitFor();
  await who.page.getByRole("toolbar", { name: "Room controls" }).waitFor();
}

/** What the page's media path has received so far, and which path it is (mesh or janus). */
export const roomStats = (page: Page): Promise<MediaStats & { kind?: string }> =>
  page.evaluate(async () => {
    const media = window.__votespaceMedia;
    const zero = { audioBytesReceived: 0, videoBytesReceived: 0, videoFramesDecoded: 0 };
    return media ? { kind: media.kind, ...(await media.stats()) } : zero;
  });

/**
 * For a browser context whose peer connections a failing journey should describe (mediaDetail):
 * every RTCPeerConnection its pages make is kept on the window.
 */
export const keepPeerConnections = (context: BrowserContext) =>
  context.addInitScript(() => {
    const kept: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = kept;
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        kept.push(this);
      }
    };
  });

/** Each kept peer connection: its state, its transceivers and the bytes each RTP stream moved. */
export const mediaDetail = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const kept = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    const lines = await Promise.all(
      kept.map(async (pc, index) => {
        try {
          const transceivers = pc
            .getTransceivers()
            .map((t) => `${t.mid}:${t.receiver.track.kind}:${t.direction}/${t.currentDirection}`);
          const rtp: string[] = [];
          (await pc.getStats()).forEach((entry) => {
            if (entry.type === "outbound-rtp") rtp.push(`out ${entry.kind} ${entry.bytesSent}B`);
            if (entry.type === "inbound-rtp") rtp.push(`in ${entry.kind} ${entry.bytesReceived}B`);
          });
          return `#${index} ${pc.connectionState} [${transceivers.join(" ")}] ${rtp.join(", ")}`;
        } catch (error) {
          return `#${index} ${pc.connectionState}: ${String(error)}`;
        }
      }),
    );
    return lines.join("; ") || "no peer connection";
  });

/** Audio bytes that arrive over `ms`, after letting what was in flight land. */
export async function audioGrowth(page: Page, ms = 2000): Promise<number> {
  await pause(700);
  const before = (await roomStats(page)).audioBytesReceived;
  await pause(ms);
  return (await roomStats(page)).audioBytesReceived - before;
}

/** The size of the picture a participant's tile shows (its label starts with their name). */
export const pictureSize = (page: Page, name: string) =>
  page.evaluate((label) => {
    const video = [...document.querySelectorAll("video")].find((v) =>
      v.getAttribute("aria-label")?.startsWith(label),
    );
    return { width: video?.videoWidth ?? 0, height: video?.videoHeight ?? 0 };
  }, name);

/**
 * The host opens the room, then `audience` joins it; once the host sees everyone, they press Start
 * and the first of the audience sees the session live.
 */
export async function startSession(
  host: { page: Page },
  audience: [{ page: Page }, ...{ page: Page }[]],
  channel: Channel,
) {
  await openRoom(host, "organization", channel);
  for (const who of audience) await openRoom(who, "member", channel);
  await host.page.getByText(`${audience.length + 1} participants`).waitFor();
  await host.page.getByRole("button", { name: "Start" }).click();
  await audience[0].page.locator(".RoomPage_status", { hasText: "Live" }).waitFor();
}

/** The host ends the session (and confirms); `watcher` sees that it ended. */
export async function endSession(host: { page: Page }, watcher: { page: Page }) {
  await host.page.getByRole("button", { name: "End" }).click();
  await host.page.getByRole("dialog").getByRole("button", { name: "End" }).click();
  await watcher.page.getByText("This session has ended").waitFor();
  // The watcher is a member, who cannot start one: told to wait for the next.
  await watcher.page.getByText("Open the room again to wait for the next session.").waitFor();
}
