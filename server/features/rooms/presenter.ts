import type { Recording, RoomParticipant, RoomSession } from "../../../contract/rooms";

export { byStage } from "../../../contract/rooms";

import type { roomParticipants, roomSessions, uploads } from "../../db/schema";
import { uploadUrl } from "../uploads/store";

export type SessionRow = typeof roomSessions.$inferSelect;
export type ParticipantRow = typeof roomParticipants.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/** A session as every participant sees it (the Janus room and secret never leave the server). */
export function presentSession(row: SessionRow): RoomSession {
  return {
    id: row.id,
    kind: row.kind,
    channel_id: row.channelId,
    organization_id: row.organizationId,
    title: row.title,
    description: row.description,
    host_id: row.hostId,
    status: row.status,
    started_at: row.startedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    participant_count: row.participantCount,
    is_recording: row.isRecording,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentParticipant(row: ParticipantRow, fullName: string): RoomParticipant {
  return {
    user_id: row.userId,
    full_name: fullName,
    role: row.role,
    is_connected: row.isConnected,
    is_muted: row.isMuted,
    is_video_on: row.isVideoOn,
    is_screen_sharing: row.isScreenSharing,
    hand_raised: row.handRaised,
    joined_at: row.joinedAt.toISOString(),
  };
}

export function presentRecording(row: UploadRow, uploader: string | null): Recording {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    url: uploadUrl(row.id),
    uploader_name: uploader,
    created_at: row.createdAt.toISOString(),
  };
}
