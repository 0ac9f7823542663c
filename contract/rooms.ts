/**
 * Rooms: airing (live audio) and live (video) sessions, their participants, and how a browser
 * reaches the session's media. The rooms feature grows this file; the media part is shared by the
 * two media paths (peer-to-peer mesh and the Janus SFU).
 */

import { endpoint, idParams, typedAnswer } from "./endpoint";
import { messages } from "./messages";
import { z } from "./zod";

/** An ICE server as RTCPeerConnection takes it (STUN/TURN from configuration). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/**
 * What a participant's browser needs to carry the session's media, from GET
 * /api/rooms/sessions/:id/media. Only connected participants of the session get it.
 */
export type MediaJoin =
  | { kind: "mesh"; iceServers: IceServer[] }
  | {
      kind: "janus";
      iceServers: IceServer[];
      /** Janus's WebSocket address as the browser reaches it. */
      url: string;
      /** The VideoRoom room of this session. */
      room: number;
      /** A short-lived signed token (Janus token_auth) for this participant. */
      token: string;
      /** The room's pin: given only to participants the server authorized. */
      pin: string;
      /** The participant's id in the room: display name is the user id. */
      display: string;
    };

// ---------------------------------------------------------------------------------------------
// Sessions and participants (spec part 2, sections 3, 4 and 6).

export type RoomKind = "airing" | "live";
export type RoomStatus = "waiting" | "live" | "ended";
export type RoomRole = "host" | "speaker" | "listener" | "viewer";

/** A session whose participants all left ends by itself this long after the last one left. */
export const EMPTY_SESSION_ENDS_AFTER_MS = 10 * 60_000;
/** A recording upload may be this large (about 25 minutes of live video at 1 Mbit/s). */
export const RECORDING_MAX_BYTES = 200 * 1024 * 1024;
/** A recorded session takes its recording's upload while live and this long after it ended. */
export const RECORDING_UPLOAD_WINDOW_MS = 60 * 60_000;

/** Host and speakers send media; listeners (airing) and viewers (live) only receive. */
export const SENDING_ROLES: ReadonlySet<RoomRole> = new Set(["host", "speaker"]);
export const audienceRole = (kind: RoomKind): RoomRole => (kind === "airing" ? "listener" : "viewer");

/** The spec's titles and descriptions of a session created for a channel. */
export function sessionTitle(kind: RoomKind, channelName: string): string {
  return kind === "airing" ? `${channelName} Live Session` : `${channelName} Live Stream`;
}
export const SESSION_DESCRIPTIONS: Record<RoomKind, string> = {
  airing: "Live audio discussion",
  live: "Live video streaming session",
};

export interface RoomSession {
  id: string;
  kind: RoomKind;
  channel_id: string;
  organization_id: string;
  title: string;
  description: string;
  host_id: string | null;
  status: RoomStatus;
  started_at: string | null;
  ended_at: string | null;
  participant_count: number;
  is_recording: boolean;
  created_at: string;
}

export interface RoomParticipant {
  user_id: string;
  full_name: string;
  role: RoomRole;
  is_connected: boolean;
  is_muted: boolean;
  is_video_on: boolean;
  is_screen_sharing: boolean;
  hand_raised: boolean;
  joined_at: string;
}

const STAGE_ORDER: Record<RoomRole, number> = { host: 0, speaker: 1, listener: 2, viewer: 2 };

/** Hosts first, then speakers, then the audience; each group by joining time. */
export function byStage(a: RoomParticipant, b: RoomParticipant): number {
  return STAGE_ORDER[a.role] - STAGE_ORDER[b.role] || a.joined_at.localeCompare(b.joined_at);
}

/** A recording of a session, stored in the channel as a file. */
export interface Recording {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
  uploader_name: string | null;
  created_at: string;
}

/** The room screen's data: the channel's open session, who is in it, and what the viewer may do. */
export interface RoomView {
  session: RoomSession;
  /** Connected participants, hosts first, then speakers, then the audience, each by joining time. */
  participants: RoomParticipant[];
  viewer: {
    user_id: string;
    /** An administrator of the organization: starts, ends, records, promotes, invites. */
    can_host: boolean;
    /** The role the viewer has, or gets when joining. */
    role: RoomRole;
  };
  recordings: Recording[];
}

/** The viewer's own states; each is checked against the role (listeners cannot unmute, ...). */
export const myStateInput = z
  .strictObject({
    is_muted: z.boolean().optional(),
    is_video_on: z.boolean().optional(),
    is_screen_sharing: z.boolean().optional(),
    hand_raised: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: "Say which state changes",
  });
export type MyStateInput = z.output<typeof myStateInput>;

/** The host promotes someone to speaker or moves them back to the audience. */
export const roleInput = z.strictObject({
  role: z.enum(["speaker", "listener", "viewer"], { error: "Role must be speaker, listener or viewer" }),
});

export const recordingStateInput = z.strictObject({
  is_recording: z.boolean({ error: "is_recording must be true or false" }),
});

/** The words of the rooms (the spec's where it has them). */
export const roomMessages = {
  inviteLinkCopied: "Invite link copied to clipboard!",
  hostOnly: "Only the host can do that",
  sessionNotFound: "Session not found",
  notARoom: "This channel has no audio or video room",
  sessionEnded: "This session has ended",
  notJoined: "Join the session first",
  notLive: "The session has not started yet",
  listenersCannotSpeak: "Only the host and speakers can unmute; raise your hand to ask to speak",
  videoOnlyLive: "Video and screen sharing are for live streams",
  videoSendersOnly: "Only the host and speakers can turn on video or share their screen",
  handAudienceOnly: "Only listeners and viewers raise their hand",
  roleForKind: "Choose speaker, or listener in an audio room and viewer in a live stream",
  cannotChangeHost: "The host's role cannot be changed",
  participantNotFound: "That person is not in the session",
  signalRefused: "Signal refused",
  replaced: "You joined this session from another window",
  recordingRefused: "A recording must be a WebM file of at most 200 MB",
  recordingOnlyLive: "Recording is possible while the session is live",
  recordingNotExpected: "This session has no recording to upload",
} as const;

// ---------------------------------------------------------------------------------------------
// Endpoints.

const session = "/api/rooms/sessions/:id";
const ofSession = <P extends string>(path: P) => ({ path, params: idParams, access: "user" }) as const;

/** A participant of a session: the session's id and the person's user id. */
export const participantParams = z.object({
  id: z.uuid({ error: messages.notFound }),
  userId: z.uuid({ error: messages.notFound }),
});

/** The rooms' endpoints; signals and seats go over /api/ws. */
export const roomsEndpoints = {
  /** The channel's open session, created as waiting when there is none. */
  open: endpoint({
    method: "POST",
    path: "/api/channels/:id/room",
    access: "user",
    params: idParams,
    response: typedAnswer<RoomView>(),
  }),
  get: endpoint({ method: "GET", ...ofSession(session), response: typedAnswer<RoomView>() }),
  start: endpoint({ method: "POST", ...ofSession(`${session}/start`), response: typedAnswer<RoomSession>() }),
  end: endpoint({ method: "POST", ...ofSession(`${session}/end`), response: typedAnswer<RoomSession>() }),
  setRecording: endpoint({
    method: "PUT",
    ...ofSession(`${session}/recording`),
    body: recordingStateInput,
    response: typedAnswer<RoomSession>(),
  }),
  /** The viewer's own mute, video, screen share and raised hand. */
  setMine: endpoint({
    method: "PATCH",
    ...ofSession(`${session}/me`),
    body: myStateInput,
    response: typedAnswer<RoomParticipant>(),
  }),
  /** The host promotes someone to speaker or moves them back to the audience. */
  setRole: endpoint({
    method: "PUT",
    path: `${session}/participants/:userId/role`,
    access: "user",
    params: participantParams,
    body: roleInput,
    response: typedAnswer<RoomParticipant>(),
  }),
  /** How this participant's browser reaches the session's media; connected participants only. */
  media: endpoint({ method: "GET", ...ofSession(`${session}/media`), response: typedAnswer<MediaJoin>() }),
  recordings: endpoint({
    method: "GET",
    path: "/api/channels/:id/recordings",
    access: "user",
    params: idParams,
    response: typedAnswer<{ recordings: Recording[] }>(),
  }),
  /**
   * A recording's upload: multipart (one WebM file), so the server registers it by hand (the
   * multipart plugin reads the body, not a schema) and the web app sends it with `upload()`.
   */
  uploadRecording: endpoint({
    method: "POST",
    ...ofSession(`${session}/recordings`),
    response: typedAnswer<Recording>(),
  }),
};
