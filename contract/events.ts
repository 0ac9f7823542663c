import { z } from "zod";
import type { JoinRequest, Member, OrganizationProfile, OrganizationSummary } from "./organizations";
import type { Comment, Post } from "./posts";

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
  /** topic org:{id}: someone joined or was approved. */
  "member.joined": { organization_id: string; member: Member };
  /** topic org:{id} */
  "member.left": { organization_id: string; user_id: string };
  /** topic org:{id} (admins act on it; members ignore it) */
  "join_request.created": { organization_id: string; request: JoinRequest };
  /** topic user:{id}: the requester hears the decision. */
  "join_request.decided": {
    organization_id: string;
    request_id: string;
    status: "approved" | "declined";
    organization?: OrganizationSummary;
  };
  /** topic org:{id}: an election opened, closed, was extended, cancelled or reconfigured. */
  "election.updated": { election_id: string; organization_id: string; status: string };
  /** topic org:{id}: ballots were cast; the counts changed (never who or what). */
  "vote.cast": { election_id: string; organization_id: string };
  /**
   * topic channel:{id}. `post` is the message as anyone sees it (no viewer's own like or bookmark);
   * null when too large for an event, and then clients fetch GET /api/posts/{post_id}.
   */
  "post.created": { channel_id: string; post_id: string; post: Post | null };
  "post.updated": { channel_id: string; post_id: string; post: Post | null };
  "post.deleted": { channel_id: string; post_id: string };
  "post.liked": { channel_id: string; post_id: string; likes_count: number; user_id: string; liked: boolean };
  "post.pinned": { channel_id: string; post_id: string; pinned: boolean };
  "comment.created": { channel_id: string; post_id: string; comment: Comment; comments_count: number };
  "typing.started": { channel_id: string; user_id: string; full_name: string };
  /** topic org:{id}: a new message somewhere, for unread counts (and who it mentions). */
  "channel.activity": {
    organization_id: string;
    channel_id: string;
    post_id: string;
    author_id: string | null;
    mentioned_user_ids: string[];
  };
  /** topic user:{id}: a notice for this user (a mention). */
  "notification.created": {
    id: string;
    kind: "mention";
    channel_id: string;
    post_id: string;
    actor_name: string;
    excerpt: string;
    created_at: string;
  };
  /** topic org:{id} (administrators act on it): a message was reported. */
  "report.created": { organization_id: string; report_id: string };
  /** topic org:{id}: a member came online or went offline (any process). */
  "presence.updated": { organization_id: string; user_id: string; online: boolean };
}

export type EventName = keyof EventMap;

/** Topics a socket may subscribe to; the server checks each subscription. */
export type Topic = `org:${string}` | `channel:${string}` | `user:${string}`;

/** A topic as the server accepts it: lowercase ids, as the database writes them and events name them. */
export const TOPIC_PATTERN =
  /^(org|channel|user):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Messages from the browser to the server on /api/ws. */
export type ClientMessage =
  | { type: "subscribe"; topic: Topic }
  | { type: "unsubscribe"; topic: Topic }
  | { type: "ping" };

/** The words the socket answers with (`{ type: "error" }`) and its close reasons. */
export const socketMessages = {
  notJson: "Messages must be JSON",
  invalidMessage: "Unknown or malformed message",
  topicInvalid: "Topic must be org:{id}, channel:{id} or user:{id}",
  notAllowed: "You may not watch this topic",
  tooManySubscriptions: "Too many subscriptions on one connection",
  tooManyMessages: "Too many messages at once",
  sessionExpired: "Your session has expired. Please sign in again.",
  failed: "Something went wrong on our side. Please try again.",
  upgradeRequired: "This address takes WebSocket connections only",
  restarting: "The server is restarting; reconnect",
} as const;

/** Close codes of /api/ws beyond the standard ones; the client does not reconnect after `unauthorized`. */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  tooManyMessages: 4429,
} as const;

const topicSchema = z.custom<Topic>((value) => typeof value === "string" && TOPIC_PATTERN.test(value), {
  error: socketMessages.topicInvalid,
});

/** Parses a client message; unknown fields and unknown types are refused. */
export const clientMessageSchema: z.ZodType<ClientMessage> = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("subscribe"), topic: topicSchema }),
  z.strictObject({ type: z.literal("unsubscribe"), topic: topicSchema }),
  z.strictObject({ type: z.literal("ping") }),
]);

/** Messages from the server to the browser on /api/ws. */
export type ServerMessage =
  | { type: "subscribed"; topic: Topic }
  | { type: "unsubscribed"; topic: Topic }
  | { type: "error"; topic?: Topic; message: string }
  | { type: "pong" }
  | { [E in EventName]: { type: "event"; topic: Topic; event: E; payload: EventMap[E] } }[EventName];
