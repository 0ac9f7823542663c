import type { DirectMessage } from "./chat";
import type { JoinRequest, Member, OrganizationProfile, OrganizationSummary } from "./organizations";
import type { Comment, Post, Reaction } from "./posts";
import type { Recording, RoomParticipant, RoomSession } from "./rooms";
import { z } from "./zod";

/** The new messages of one channel in one `channel.activity` batch. */
export interface ChannelActivity {
  channel_id: string;
  /** How many new messages, all authors together. */
  posts: number;
  /** Per author: how many, and whether the author is a voter (not an administrator) there. */
  authors: Array<{ author_id: string | null; posts: number; by_voter: boolean }>;
  /** Per mentioned member: how many of these messages mention them. */
  mentions: Array<{ user_id: string; posts: number }>;
  /**
   * When the earliest and the latest of these messages were written: a tab that heard the channel
   * read at some moment counts only what came after it (useUnreadCounts).
   */
  first_at: string;
  last_at: string;
  /**
   * How many of the channel's messages were deleted meanwhile (absent: none): one of them may be
   * counted unread, so a tab showing a count for the channel asks the server's again.
   */
  deleted?: number;
}

/**
 * Every realtime event, by name (`<entity>.<verb>`), with its payload. The server publishes these
 * after the transaction commits; the web client listens with the same names and types.
 */
export interface EventMap {
  /** topic org:{id}. Channel records carry no viewer-specific parts: clients refetch their list. */
  "channel.created": { channel_id: string; organization_id: string };
  "channel.updated": { channel_id: string; organization_id: string };
  "channel.deleted": { channel_id: string; organization_id: string };
  /** topic org:{id} */
  "organization.updated": {
    organization: Pick<
      OrganizationProfile,
      "id" | "name" | "description" | "website" | "location" | "logo_url"
    >;
  };
  /**
   * topic org:{id}: the platform admin suspended or re-activated the organization (suspended:
   * members may read but not post, join rooms or vote); screens refetch the organization.
   */
  "organization.status_changed": { organization_id: string; status: "active" | "inactive" | "suspended" };
  /** topic org:{id}: someone joined or was approved. */
  "member.joined": { organization_id: string; member: Member };
  /**
   * topic org:{id}, and user:{id} of the member (their other tabs): no longer a member, because
   * they left or an administrator removed them (or gave their ID number to another account).
   * Sockets drop that member's subscriptions of the organization as soon as this is delivered.
   */
  "member.left": { organization_id: string; user_id: string; reason: "left" | "removed" };
  /**
   * topic user:{id}: sessions of this user ended (signed out, signed out elsewhere, a password
   * changed or reset). No tab needs to listen: each process closes at once that user's sockets
   * whose session is gone (4401), and their tabs sign out.
   */
  "session.ended": { user_id: string };
  /**
   * topic org:{id}, for each organization of the member: their record as members see it changed
   * (their e-mail shared, or no longer: settings › privacy), with only the e-mails everyone may see.
   */
  "member.updated": { organization_id: string; member: Member };
  /** topic org:{id}: an administrator made a member an administrator, or took it back. */
  "member.role_changed": { organization_id: string; user_id: string; role: "admin" | "member" };
  /** topic admins:{id}: a join waiting for the administrators (members never see it) */
  "join_request.created": { organization_id: string; request: JoinRequest };
  /**
   * topic user:{id}: the requester hears the decision; topic admins:{id}: the other administrators'
   * lists let the request go (the organization is never told there).
   */
  "join_request.decided": {
    organization_id: string;
    request_id: string;
    status: "approved" | "declined";
    organization?: OrganizationSummary;
  };
  /** topic org:{id}: an election opened, closed, was extended, cancelled or reconfigured. */
  "election.updated": { election_id: string; organization_id: string; status: string };
  /**
   * topic org:{id}: a seal took a batch of ballots into the chain and disclosed the same batch of
   * participations, so turnout and "voted" changed. There is no event per ballot: one would tell
   * watchers the moment of each vote.
   */
  "election.sealed": { election_id: string; organization_id: string; sequence: number; root: string };
  /**
   * topic channel:{id}. `post` is the message as anyone sees it (no viewer's own like or bookmark);
   * null when too large for an event, and then clients fetch GET /api/posts/{post_id}.
   */
  "post.created": {
    channel_id: string;
    post_id: string;
    post: Post | null;
    /**
     * What each process's socket hub derives `channel.activity` from (one bus message per post):
     * the organization, the author, whether the author counts as a voter there ("Voters only"),
     * and who the message mentions.
     */
    organization_id: string;
    author_id: string | null;
    author_is_voter: boolean;
    mentioned_user_ids: string[];
    /** When it was written (`post` may be left out when too large). */
    created_at: string;
  };
  "post.updated": { channel_id: string; post_id: string; post: Post | null };
  /** `organization_id`: for the unread counts (absent from older processes during a rolling restart). */
  "post.deleted": { channel_id: string; post_id: string; organization_id?: string };
  "post.liked": { channel_id: string; post_id: string; likes_count: number; user_id: string; liked: boolean };
  /**
   * A member added or took back an emoji reaction; `reactions` is the message's reactions as anyone
   * sees them (`mine` false): each client keeps its own `mine` except for `user_id`'s own change.
   * Null when too large for an event (many long names): clients fetch GET /api/posts/{post_id}.
   */
  "post.reacted": {
    channel_id: string;
    post_id: string;
    user_id: string;
    emoji: string;
    reacted: boolean;
    reactions: Reaction[] | null;
  };
  "post.pinned": { channel_id: string; post_id: string; pinned: boolean };
  "comment.created": { channel_id: string; post_id: string; comment: Comment; comments_count: number };
  "comment.updated": { channel_id: string; post_id: string; comment: Comment };
  "comment.deleted": { channel_id: string; post_id: string; comment_id: string; comments_count: number };
  "typing.started": { channel_id: string; user_id: string; full_name: string };
  /**
   * topic org:{id}: new messages in the organization's channels, for unread counts (and who they
   * mention). Not published on the bus: each process's socket hub derives it from `post.created`
   * and sends one batch per organization at most about once a second to the sockets on org:{id}
   * (members only), so a message costs the same whatever the organization's size.
   */
  "channel.activity": {
    organization_id: string;
    channels: ChannelActivity[];
  };
  /** topic user:{id}: a notice for this user (a mention). */
  "notification.created": {
    id: string;
    kind: "mention";
    /** Where: the channel and its organization, named (it may be another than the one on screen). */
    organization_id: string;
    organization_name: string;
    channel_id: string;
    channel_name: string;
    post_id: string;
    actor_name: string;
    excerpt: string;
    created_at: string;
  };
  /** topic admins:{id}: a message was reported (members never see it). */
  "report.created": { organization_id: string; report_id: string };
  /** topic admins:{id}: an administrator dismissed a report, or deleted its message (which closes every report of it). */
  "report.decided": { organization_id: string; report_id: string };
  /**
   * topic admins:{organization id} (only its administrators may watch it; the monitoring screen
   * refetches): a voting session was recorded, re-scored or blocked; a risk rule raised an alert;
   * an administrator resolved one. Ids only. A cast is not announced: its moment stays unknown.
   * Also topic user:{id} of the voter whose session an administrator blocked or unblocked.
   */
  "voting_session.updated": { organization_id: string; session_id: string };
  /** session_id is null for an alert that belongs to no voting session (a join held for its ID number). */
  "alert.created": { organization_id: string; alert_id: string; session_id: string | null };
  "alert.resolved": { organization_id: string; alert_id: string };
  /** topic org:{id}: a member came online or went offline (any process). */
  "presence.updated": { organization_id: string; user_id: string; online: boolean };
  /** topic user:{id} of the recipient, and of the sender (their other tabs): a direct message. */
  "message.created": DirectMessage;
  /**
   * topic user:{id}: `reader_id` has read every message `sender_id` sent them, as of `read_at`.
   * To the sender only while the reader shows read receipts; always to the reader's own tabs.
   */
  "message.read": { reader_id: string; sender_id: string; read_at: string };
  /** topic user:{id}: the user read the channel (in one tab): their other tabs clear its unread count. */
  "channel.read": { organization_id: string; channel_id: string; read_at: string };
  /** topic channel:{id}: an airing or live session changed (started, ended, recording, opened). */
  "room.updated": { channel_id: string; session: RoomSession };
  /** topic channel:{id}: someone joined (or rejoined from another window) the session. */
  "participant.joined": {
    channel_id: string;
    session_id: string;
    participant: RoomParticipant;
    participant_count: number;
  };
  /** topic channel:{id}: a participant's role or mute, video, screen or hand changed. */
  "participant.updated": { channel_id: string; session_id: string; participant: RoomParticipant };
  /** topic channel:{id} */
  "participant.left": {
    channel_id: string;
    session_id: string;
    user_id: string;
    participant_count: number;
  };
  /** topic channel:{id}: the host saved a recording of the session. */
  "recording.created": { channel_id: string; recording: Recording };
  /**
   * topic process:{id}: one piece of a WebRTC signal for a socket held by that server process
   * (no browser may subscribe to process topics). Signals are split to stay under NOTIFY's limit.
   */
  "room.signal": {
    session_id: string;
    from: string;
    to: string;
    signal_id: string;
    index: number;
    count: number;
    part: string;
  };
}

export type EventName = keyof EventMap;

/**
 * Topics a socket may subscribe to; the server checks each subscription. `admins:{organization
 * id}` is for that organization's administrators only (security monitoring). `process:{id}`
 * carries one server process's own deliveries (room signals) and no socket may subscribe to it.
 */
export type Topic =
  | `org:${string}`
  | `admins:${string}`
  | `channel:${string}`
  | `user:${string}`
  | `process:${string}`;

/** A topic as the server accepts it: lowercase ids, as the database writes them and events name them. */
export const TOPIC_PATTERN =
  /^(org|admins|channel|user|process):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------------------------------------
// WebRTC signalling on /api/ws (checked by the server: see docs/rooms.md). Here, with the socket's
// other messages, not in rooms.ts: every page's socket module imports this file, and rooms.ts's
// words and endpoints would come with it.

/** Largest WebRTC signal a browser may send on /api/ws (an SDP can reach several kB). */
export const SIGNAL_MAX_BYTES = 32 * 1024;
export const SDP_MAX_CHARS = 24_000;

export const signalDataSchema = z
  .strictObject({
    /** The sender's media path instance: a reloaded page is a new peer. */
    instance: z.string().min(1).max(64),
    /** The recipient's instance the sender is talking to, once it knows it: a signal meant for an older one is stale. */
    peer: z.string().min(1).max(64).optional(),
    description: z
      .strictObject({
        type: z.enum(["offer", "answer"]),
        sdp: z.string().max(SDP_MAX_CHARS),
      })
      .optional(),
    candidate: z
      .strictObject({
        candidate: z.string().max(1000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .optional(),
  })
  .refine((value) => (value.description === undefined) !== (value.candidate === undefined), {
    error: "A signal carries a description or a candidate",
  });
export type SignalData = z.output<typeof signalDataSchema>;

/** Messages from the browser to the server on /api/ws. */
export type ClientMessage =
  | { type: "subscribe"; topic: Topic }
  | { type: "unsubscribe"; topic: Topic }
  | { type: "ping" }
  /** Takes the user's seat in a room session on this socket; closing the socket leaves it. */
  | { type: "room.join"; session_id: string }
  | { type: "room.leave"; session_id: string }
  /** A WebRTC description or ICE candidate for another participant of the same session. */
  | { type: "signal"; session_id: string; to: string; data: SignalData };

/** The words the socket answers with (`{ type: "error" }`) and its close reasons. */
export const socketMessages = {
  notJson: "Messages must be JSON",
  invalidMessage: "Unknown or malformed message",
  topicInvalid: "Topic must be org:{id}, admins:{id}, channel:{id} or user:{id}",
  notAllowed: "You may not watch this topic",
  tooManySubscriptions: "Too many subscriptions on one connection",
  tooManyMessages: "Too many messages at once",
  sessionExpired: "Your session has expired. Please sign in again.",
  sessionEnded: "Your session was ended from another device.",
  failed: "Something went wrong on our side. Please try again.",
  upgradeRequired: "This address takes WebSocket connections only",
  restarting: "The server is restarting; reconnect",
  tooLarge: "Message too large",
} as const;

/**
 * Close codes of /api/ws beyond the standard ones; the client does not reconnect after
 * `unauthorized` (no session, or one that ran out) or `endedElsewhere` (a session ended on purpose
 * from elsewhere: signed out there, signed out of every other device, a password changed).
 */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  endedElsewhere: 4402,
  tooManyMessages: 4429,
} as const;

const uuid = z.uuid();

const topicSchema = z.custom<Topic>((value) => typeof value === "string" && TOPIC_PATTERN.test(value), {
  error: socketMessages.topicInvalid,
});

/** Parses a client message; unknown fields and unknown types are refused. */
export const clientMessageSchema: z.ZodType<ClientMessage> = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), topic: topicSchema }),
  z.strictObject({ type: z.literal("unsubscribe"), topic: topicSchema }),
  z.strictObject({ type: z.literal("ping") }),
  z.strictObject({ type: z.literal("room.join"), session_id: uuid }),
  z.strictObject({ type: z.literal("room.leave"), session_id: uuid }),
  z.strictObject({ type: z.literal("signal"), session_id: uuid, to: uuid, data: signalDataSchema }),
]);

/** Messages from the server to the browser on /api/ws. */
export type ServerMessage =
  /**
   * The subscription took effect; the topic had no event for `quiet_ms` before it (as far as the
   * server knows): a read begun within that missed nothing.
   */
  | { type: "subscribed"; topic: Topic; quiet_ms: number }
  | { type: "unsubscribed"; topic: Topic }
  | { type: "error"; topic?: Topic; message: string }
  | { type: "pong" }
  | { type: "room.joined"; session_id: string; participant: RoomParticipant }
  /** The seat was given up: left, taken by another window, or the session ended. */
  | { type: "room.left"; session_id: string; reason: "left" | "replaced" | "ended" }
  /** A join or a signal was refused, with why. */
  | { type: "room.error"; session_id: string; message: string }
  | { type: "signal"; session_id: string; from: string; data: SignalData }
  | { [E in EventName]: { type: "event"; topic: Topic; event: E; payload: EventMap[E] } }[EventName];
