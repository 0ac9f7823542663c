import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  audioGrowth,
  createChannel,
  endSession,
  openRoom,
  pictureSize,
  roomStats,
  startSession,
} from "./room-steps";
import {
  FAKE_MEDIA_ARGS,
  launchBrowser,
  newPage,
  pause,
  registerOrganization,
  registerVoter,
  shot,
  signInAs,
  until,
} from "./support";

/**
 * Rooms on the peer-to-peer mesh, in three browser contexts with fake microphones, cameras and
 * screens: the host starts an audio room and a listener hears them (inbound audio bytes grow),
 * stop hearing them when they mute, and hear a promoted listener; in a live stream viewers decode
 * the host's camera, then their shared screen.
 */

let browser: Browser;
type Person = { context: BrowserContext; page: Page; name: string };
let host: Person;
let abena: Person;
let kojo: Person;

async function person(name: string, account: { email: string; password: string }): Promise<Person> {
  const { context, page } = await newPage(browser);
  await signInAs(context, account);
  page.on("pageerror", (error) => console.error(`[${name}] page error:`, error.message));
  return { context, page, name };
}

/** `kind:label` of each track the page sends. */
const sending = (page: Page): Promise<string[]> =>
  page.evaluate(() => window.__votespaceMedia?.sending() ?? []);

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
  const owner = await registerOrganization({ full_name: "Kofi Admin" });
  host = await person("host", owner);
  await host.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const mine = await (await host.context.request.get("/api/organizations/mine")).json();
  const organizationId = mine.current_id as string;
  const join = async (full_name: string) => {
    const account = await registerVoter({ full_name });
    const who = await person(full_name, account);
    const joined = await who.context.request.post(`/api/organizations/${organizationId}/join`);
    if (!joined.ok()) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
    return who;
  };
  abena = await join("Abena Mensah");
  kojo = await join("Kojo Antwi");
});

afterAll(async () => {
  await browser?.close();
});

// The mesh's known first-connection flake (see the live stream's below) reached the audio room
// once in CI (the host's first audio never reached a listener): one retry here too.
describe("an audio room", { retry: 1 }, () => {
  it("carries the host's voice to listeners, stops it on mute, and a promoted listener's voice", async () => {
    const airing = await createChannel(host.context, { name: `town-hall-${Date.now()}`, type: "airing" });
    await openRoom(host, "organization", airing);
    await expect.poll(() => host.page.locator(".RoomPage_status").textContent()).toBe("Waiting");
    await openRoom(abena, "member", airing);
    await openRoom(kojo, "member", airing);
    await host.page.getByText("3 participants").waitFor();
    // Listeners have no microphone controls and cannot start or end.
    await expect.poll(() => abena.page.getByRole("button", { name: "Unmute" }).count()).toBe(0);
    await expect.poll(() => abena.page.getByRole("button", { name: "Start" }).count()).toBe(0);
    await shot(host.page, "rooms-airing-waiting");

    await host.page.getByRole("button", { name: "Start" }).click();
    await abena.page.locator(".RoomPage_status", { hasText: "Live" }).waitFor();
    await until(
      () => roomStats(abena.page),
      (s) => s.audioBytesReceived > 5000,
      "host's audio at Abena",
    );
    expect(await audioGrowth(abena.page)).toBeGreaterThan(2000);

    // The host mutes: nothing more arrives.
    await host.page.getByRole("button", { name: "Mute", exact: true }).click();
    await host.page.getByRole("button", { name: "Unmute" }).waitFor();
    await abena.page.locator(".Stage_portrait", { hasText: "Kofi Admin" }).locator(".Stage_micOff").waitFor();
    expect(await audioGrowth(abena.page)).toBe(0);

    // Abena raises her hand; the host sees it and invites her to speak.
    await abena.page.getByRole("button", { name: "Raise hand" }).click();
    await host.page.locator(".ParticipantList_personHand", { hasText: "Abena Mensah" }).waitFor();
    await shot(host.page, "rooms-airing-hand-raised");
    await host.page.getByRole("button", { name: "Invite to speak: Abena Mensah" }).click();
    await abena.page.getByRole("button", { name: "Unmute" }).waitFor();
    await abena.page.getByRole("button", { name: "Unmute" }).click();
    await abena.page.getByRole("button", { name: "Mute", exact: true }).waitFor();
    // Kojo hears Abena (the host is still muted).
    await until(
      () => audioGrowth(kojo.page, 1000),
      (bytes) => bytes > 1000,
      "Abena's audio at Kojo",
      25_000,
    );

    // Invite Participants copies the channel's link.
    await host.page.getByRole("button", { name: "Invite Participants" }).click();
    await host.page.getByText("Invite link copied to clipboard!").waitFor();
    const copied = await host.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`/member/airing?channelId=${airing.id}`);

    // Recording: a few seconds, then saved to the channel for everyone.
    await host.page.getByRole("button", { name: "Record" }).click();
    await kojo.page.getByText("Recording", { exact: true }).waitFor();
    await pause(2500);
    await host.page.getByRole("button", { name: "Stop recording" }).click();
    await host.page.getByText("Recording saved to the channel").waitFor({ timeout: 20_000 });
    await kojo.page.getByRole("link", { name: "Download" }).waitFor();
    const recordings = await (await kojo.context.request.get(`/api/channels/${airing.id}/recordings`)).json();
    expect(recordings.recordings).toHaveLength(1);
    expect(recordings.recordings[0].content_type).toBe("audio/webm");
    // A WebM file (EBML header); its size depends on how busy the machine was while recording.
    const file = await kojo.context.request.get(recordings.recordings[0].url);
    expect((await file.body()).subarray(0, 4).toString("hex")).toBe("1a45dfa3");

    await shot(host.page, "rooms-airing-host");
    await shot(kojo.page, "rooms-airing-listener");

    // The host ends the session: everyone sees it ended.
    await endSession(host, kojo);
    await shot(kojo.page, "rooms-airing-ended");

    // A listener opens the room again: the host is told, and stays off the new session's stage
    // until they choose to open it too.
    await kojo.page.getByRole("button", { name: "Open the room again" }).click();
    await kojo.page.locator(".RoomPage_status", { hasText: "Waiting" }).waitFor();
    await host.page.getByText("A new session has opened in this room.").waitFor();
    await shot(host.page, "rooms-airing-newer-session");
    await pause(1000);
    await host.page.getByText("This session has ended").waitFor();
    await kojo.page.getByText("1 participant", { exact: true }).waitFor();
    await host.page.getByRole("button", { name: "Open the room again" }).click();
    await kojo.page.getByText("2 participants").waitFor();
  });
});

// Known flake, left open: the host's camera now and then never reaches a viewer over the mesh
// (about 1 run in 5 on this 2-core machine). One retry keeps CI honest about a broken path (it
// fails twice) while that is investigated.
describe("a live stream", { retry: 1 }, () => {
  it("shows viewers the host's camera, then the host's shared screen", async () => {
    const live = await createChannel(host.context, { name: `debate-night-${Date.now()}`, type: "live" });
    if (abena.page.isClosed()) abena.page = await abena.context.newPage();
    await startSession(host, [abena], live);

    const first = await until(
      () => roomStats(abena.page),
      (s) => s.videoFramesDecoded > 20,
      "camera frames at Abena",
    );
    await until(
      () => pictureSize(abena.page, "Kofi Admin"),
      (p) => p.width > 0,
      "camera picture",
    );
    const camera = (await sending(host.page)).find((track) => track.startsWith("video:"));
    expect(camera).toBeTruthy();
    await shot(abena.page, "rooms-live-viewer-camera");

    // Sharing the screen replaces the camera's track: the viewer keeps decoding, now the screen.
    await host.page.getByRole("button", { name: "Share screen" }).click();
    await host.page.getByRole("button", { name: "Stop sharing" }).waitFor();
    await abena.page.locator(".Stage_tileFlag", { hasText: "Sharing screen" }).waitFor();
    const screen = (await sending(host.page)).find((track) => track.startsWith("video:"));
    expect(screen).toBeTruthy();
    expect(screen).not.toBe(camera);
    const during = await roomStats(abena.page);
    expect(during.videoFramesDecoded).toBeGreaterThan(first.videoFramesDecoded);
    await until(
      () => roomStats(abena.page),
      (s) => s.videoFramesDecoded > during.videoFramesDecoded + 20,
      "screen frames at Abena",
    );
    await shot(abena.page, "rooms-live-viewer-screen");
    await shot(host.page, "rooms-live-host");

    // Sharing stops: back to the camera, and the viewer still decodes frames.
    await host.page.getByRole("button", { name: "Stop sharing" }).click();
    await abena.page.locator(".Stage_tileFlag").waitFor({ state: "detached" });
    expect((await sending(host.page)).find((track) => track.startsWith("video:"))).toBe(camera);
    const after = await roomStats(abena.page);
    await until(
      () => roomStats(abena.page),
      (s) => s.videoFramesDecoded > after.videoFramesDecoded + 20,
      "camera frames again",
    );

    // Sharing again, then stopped from the browser's own control (the track ends): back to the
    // camera, and the stored state follows.
    await host.page.getByRole("button", { name: "Share screen" }).click();
    await abena.page.locator(".Stage_tileFlag", { hasText: "Sharing screen" }).waitFor();
    // The host's own tile follows the shared state once the server's update reaches it.
    await host.page.locator('video[aria-label$="Sharing screen"]').waitFor({ state: "attached" });
    await host.page.evaluate(() => {
      const video = [...document.querySelectorAll("video")].find((v) =>
        v.getAttribute("aria-label")?.endsWith("Sharing screen"),
      );
      const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
      if (!track) throw new Error("no shared screen track on the host's page");
      track.stop();
      track.dispatchEvent(new Event("ended"));
    });
    await host.page.getByRole("button", { name: "Share screen" }).waitFor();
    await abena.page.locator(".Stage_tileFlag").waitFor({ state: "detached" });
    expect((await sending(host.page)).find((track) => track.startsWith("video:"))).toBe(camera);

    // A viewer has no camera controls. Leaving, they see the host's camera as on, seen in the room:
    // not "Video starting...", as no video comes to them now.
    expect(await abena.page.getByRole("button", { name: "Share screen" }).count()).toBe(0);
    await abena.page.getByRole("button", { name: "Leave" }).click();
    await abena.page.getByText("You left the session").waitFor();
    await abena.page.getByText("Video on: seen by those in the room").waitFor();
    expect(await abena.page.getByText("Video starting...").count()).toBe(0);
    await shot(abena.page, "rooms-live-viewer-left");
    await abena.page.close();
    await host.page.getByText("1 participant", { exact: true }).waitFor();
  });
});

// One retry. The host's camera now and then never reached the promoted speaker here, before any
// reload, on this 2-core machine under load: the mesh took a late ICE candidate of the host's
// previous connection for its peer, or stopped hearing signals after dropping a link while one was
// being applied (both mended in media/mesh.ts, mesh.test.ts). Still open: under load the speaker's
// page once missed its own promotion (no "Start video"; perhaps the answer to its raised hand,
// applied after the event that promoted it).
describe("a live stream with a speaker on stage", { retry: 1 }, () => {
  it("gives the speaker the host's camera and voice again after the host reloads", async () => {
    const live = await createChannel(host.context, { name: `panel-${Date.now()}`, type: "live" });
    await startSession(host, [kojo], live);
    await kojo.page.getByRole("button", { name: "Raise hand" }).click();
    await host.page.getByRole("button", { name: "Invite to speak: Kojo Antwi" }).click();
    await kojo.page.getByRole("button", { name: "Start video" }).click();
    await kojo.page.getByRole("button", { name: "Unmute" }).click();
    await kojo.page.getByRole("button", { name: "Mute", exact: true }).waitFor();
    const both = async () => {
      await until(
        () => pictureSize(kojo.page, "Kofi Admin"),
        (p) => p.width > 0,
        "the host's picture at Kojo",
      );
      await until(
        () => pictureSize(host.page, "Kojo Antwi"),
        (p) => p.width > 0,
        "Kojo's picture at the host",
      );
    };
    await both();

    // The host reloads: their new page is a new peer, and its first signal may be the speaker's
    // offer, before it knows it is the host. It must still send its own camera and microphone.
    await host.page.reload();
    await host.page.getByRole("toolbar", { name: "Room controls" }).waitFor();
    await both();
    const before = await roomStats(kojo.page);
    await until(
      () => roomStats(kojo.page),
      (s) =>
        s.videoFramesDecoded > before.videoFramesDecoded + 20 &&
        s.audioBytesReceived > before.audioBytesReceived,
      "the host's camera and voice at Kojo after the reload",
    );
    await shot(kojo.page, "rooms-live-speaker-after-host-reload");
    await endSession(host, kojo);
  });

  it("keeps the host muted and off camera after the host reloads: a reload turns nothing on", async () => {
    const live = await createChannel(host.context, { name: `quiet-${Date.now()}`, type: "live" });
    await startSession(host, [kojo], live);
    await host.page.getByRole("button", { name: "Stop video" }).click();
    await host.page.getByRole("button", { name: "Mute", exact: true }).click();
    await host.page.getByRole("button", { name: "Unmute" }).waitFor();
    await host.page.getByRole("button", { name: "Start video" }).waitFor();
    await host.page.reload();
    await host.page.getByRole("toolbar", { name: "Room controls" }).waitFor();
    await host.page.getByRole("button", { name: "Unmute" }).waitFor();
    await host.page.getByRole("button", { name: "Start video" }).waitFor();
    expect(await sending(host.page)).toEqual([]);
    await kojo.page.getByText("Camera off").first().waitFor();
    await shot(host.page, "rooms-live-host-reloaded-muted");
    await endSession(host, kojo);
  });
});
