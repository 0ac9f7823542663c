import type { Recording } from "../../../contract/rooms";
import type { Bus } from "../../realtime/bus";
import type { ParticipantChange } from "./participants";
import { presentSession, type SessionRow } from "./presenter";

/** Room events go to the channel's topic, published after the change committed. */
export function announceSession(bus: Bus, session: SessionRow): Promise<void> {
  return bus.publish(`channel:${session.channelId}`, "room.updated", {
    channel_id: session.channelId,
    session: presentSession(session),
  });
}

export function announceJoined(bus: Bus, change: ParticipantChange): Promise<void> {
  return bus.publish(`channel:${change.session.channelId}`, "participant.joined", {
    channel_id: change.session.channelId,
    session_id: change.session.id,
    participant: change.participant,
    participant_count: change.participantCount,
  });
}

export function announceUpdated(bus: Bus, change: ParticipantChange): Promise<void> {
  return bus.publish(`channel:${change.session.channelId}`, "participant.updated", {
    channel_id: change.session.channelId,
    session_id: change.session.id,
    participant: change.participant,
  });
}

/** Someone left; when they were recording, the session too (recording stopped with them). */
export async function announceLeft(bus: Bus, change: ParticipantChange): Promise<void> {
  await bus.publish(`channel:${change.session.channelId}`, "participant.left", {
    channel_id: change.session.channelId,
    session_id: change.session.id,
    user_id: change.participant.user_id,
    participant_count: change.participantCount,
  });
  if (change.recordingStopped) await announceSession(bus, change.session);
}

export function announceRecording(bus: Bus, channelId: string, recording: Recording): Promise<void> {
  return bus.publish(`channel:${channelId}`, "recording.created", { channel_id: channelId, recording });
}
