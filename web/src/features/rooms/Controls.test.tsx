import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RoomParticipant, RoomSession } from "../../../../contract/rooms";
import { Controls } from "./Controls";
import { text } from "./text";

const session: RoomSession = {
  id: "s",
  kind: "airing",
  channel_id: "c",
  organization_id: "o",
  title: "Town hall Live Session",
  description: "Live audio discussion",
  host_id: "host",
  status: "live",
  started_at: "2026-12-05T10:00:00.000Z",
  ended_at: null,
  participant_count: 1,
  is_recording: false,
  created_at: "2026-12-05T10:00:00.000Z",
};

const host: RoomParticipant = {
  user_id: "host",
  full_name: "Ama Host",
  role: "host",
  is_connected: true,
  is_muted: false,
  is_video_on: false,
  is_screen_sharing: false,
  hand_raised: false,
  joined_at: "2026-12-05T10:00:00.000Z",
};

function Bar({
  busy,
  onToggleMute,
  outside = false,
}: {
  busy: boolean;
  onToggleMute(): void;
  /** A member who left the room and does not host. */
  outside?: boolean;
}) {
  const noop = () => undefined;
  return (
    <Controls
      kind="airing"
      session={session}
      me={outside ? null : host}
      canHost={!outside}
      busy={{ start: false, end: false, local: busy, recording: false }}
      recording={{ canRecord: !outside, on: false }}
      onStart={noop}
      onEnd={noop}
      onToggleMute={onToggleMute}
      onToggleVideo={noop}
      onToggleScreen={noop}
      onToggleRecording={noop}
      onHand={noop}
      onInvite={noop}
      onLeave={noop}
    />
  );
}

describe("a room's media control while its request runs", () => {
  it("keeps the keyboard's focus and says it is busy, and ignores presses meanwhile", () => {
    const onToggleMute = vi.fn();
    const { rerender } = render(<Bar busy={false} onToggleMute={onToggleMute} />);
    const mute = screen.getByRole("button", { name: text.mute });
    mute.focus();
    fireEvent.click(mute);
    expect(onToggleMute).toHaveBeenCalledTimes(1);

    rerender(<Bar busy onToggleMute={onToggleMute} />);
    // A disabled button would drop the focus to the page: the next Space would go nowhere.
    expect(mute.hasAttribute("disabled")).toBe(false);
    expect(mute.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(mute);
    fireEvent.click(mute);
    expect(onToggleMute).toHaveBeenCalledTimes(1);

    rerender(<Bar busy={false} onToggleMute={onToggleMute} />);
    expect(mute.hasAttribute("aria-disabled")).toBe(false);
    expect(document.activeElement).toBe(mute);
  });
});

describe("a room's controls for a member out of the room", () => {
  it("are not drawn at all, rather than as an empty bar", () => {
    render(<Bar busy={false} onToggleMute={() => undefined} outside />);
    expect(screen.queryByRole("toolbar")).toBeNull();
  });
});
