import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RoomParticipant } from "../../../../contract/rooms";
import { Stage } from "./Stage";
import { text } from "./text";

const host = (video: boolean): RoomParticipant => ({
  user_id: "host",
  full_name: "Ama Host",
  role: "host",
  is_connected: true,
  is_muted: false,
  is_video_on: video,
  is_screen_sharing: false,
  hand_raised: false,
  joined_at: "2026-12-05T10:00:00.000Z",
});

const stage = (video: boolean, live = true, inRoom = true) =>
  render(
    <Stage
      kind="live"
      live={live}
      participants={[host(video)]}
      inRoom={inRoom}
      selfId="host"
      remotes={new Map()}
      preview={null}
    />,
  );

describe("a live stream's tile without a picture", () => {
  it("says the camera is off when it is", () => {
    stage(false);
    expect(screen.getByText(text.cameraOff)).toBeTruthy();
  });

  it("says the video is starting when the camera is on but its picture is not here yet", () => {
    // The host's button says "Stop video" then: the tile must not say "Camera off" beside it.
    stage(true);
    expect(screen.queryByText(text.cameraOff)).toBeNull();
    expect(screen.getByText(text.videoStarting)).toBeTruthy();
  });

  it("to a viewer who left the room, says the video is seen by those in it, not that it is starting", () => {
    stage(true, true, false);
    expect(screen.queryByText(text.videoStarting)).toBeNull();
    expect(screen.getByText(text.videoInRoom)).toBeTruthy();
  });

  it("before the session starts, says the camera starts when it goes live, and so does the microphone", () => {
    stage(true, false);
    expect(screen.queryByText(text.videoStarting)).toBeNull();
    expect(screen.getByText(text.videoWhenLive)).toBeTruthy();
    expect(screen.getByTitle(text.micWhenLive)).toBeTruthy();
    expect(screen.queryByTitle(text.micOn)).toBeNull();
  });
});

describe("a live stream's empty stage", () => {
  it("says the host left once the session is live", () => {
    render(
      <Stage kind="live" live participants={[]} inRoom selfId="me" remotes={new Map()} preview={null} />,
    );
    expect(screen.getByText(text.stageLeft)).toBeTruthy();
  });
});

describe("an audio room's empty stage", () => {
  const empty = (live: boolean) =>
    render(
      <Stage
        kind="airing"
        live={live}
        participants={[]}
        inRoom
        selfId="me"
        remotes={new Map()}
        preview={null}
      />,
    );

  it("says no one is on it yet before the session starts (the room says it waits for the host)", () => {
    empty(false);
    expect(screen.getByText(text.stageEmpty)).toBeTruthy();
    expect(screen.queryByText(text.waitingHost)).toBeNull();
  });

  it("says the host left once the session is live, not that it waits for them to start it", () => {
    empty(true);
    expect(screen.getByText(text.stageLeft)).toBeTruthy();
    expect(screen.queryByText(text.waitingHost)).toBeNull();
  });
});
