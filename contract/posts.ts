/** The posts feature's contract: its constants, words, types and input schemas (the endpoints are in `posts-endpoints.ts`). */

export const PAGE_SIZE = 50;
export const MESSAGE_MAX = 4000;
export const COMMENT_MAX = 2000;
/** The composer's emoji palette (8). */
export const EMOJI_PALETTE = ["👍", "❤️", "😂", "🎉", "🙏", "👏", "🔥", "✅"] as const;
/**
 * Emoji reactions a member may add to a message, beside the heart Like (which stays its own, and
 * first: spec part 1, "Like"). No heart here, so the Like is the only heart.
 */
export const REACTION_EMOJI = ["👍", "😂", "🎉", "😮", "😢", "🙏", "👏", "🔥", "✅", "👀"] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
/** Different reactions one message may carry. */
export const REACTIONS_PER_POST_MAX = 6;
/** Names of those who reacted, per reaction, that travel with a message (the count says the rest). */
export const REACTION_NAMES_SHOWN = 10;
/** File types a message may carry besides images (checked by extension and by content). */
export const FILE_EXTENSIONS = ["pdf", "doc", "docx", "txt", "zip", "rar"] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const postMessages = {
  locked: "This channel is locked. Only organization administrators can send messages.",
  noOrganization: "You must be a member of an organization to send messages",
  sendFailed: "Failed to send message: ",
  /** A paste the field's limit cut (the field keeps what fits). */
  pasteCut: (max: number) =>
    `What you pasted did not fit: only the first ${max.toLocaleString("en-US")} characters are kept.`,
  noData: "Failed to send message: No data returned",
  idTaken: "Failed to send message: its id belongs to another message. Send it again.",
  commentIdTaken: "Comment not sent: its id belongs to another comment. Send it again.",
  pinAdminOnly: "Only organization administrators can pin messages",
  empty: "A message needs text or an attachment",
  commentEmpty: "A comment cannot be empty",
  copied: "Message copied to clipboard!",
  reported: "Message reported to administrators",
  unknownUser: "Unknown User",
  notFound: "Message not found",
  notYours: "You can only edit your own messages",
  deleteNotAllowed: "You can only delete your own messages",
  commentsOff: "Comments are turned off in this channel",
  reactionsOff: "Reactions are turned off in this channel",
  attachmentsOff: "Attachments are turned off in this channel",
  attachmentRefused:
    "Attachments must be an image, or a PDF, DOC, DOCX, TXT, ZIP or RAR file, of at most 10 MB",
  attachmentNotAsNamed: (extension: string) =>
    `This file's contents are not a ${extension.toUpperCase()} file, as its name says`,
  attachmentMissing: "That attachment was not found; upload it again",
  tooManyUnsent: "You have too many files waiting to be sent. Send or discard some, or wait an hour.",
  forwardTarget: "You cannot post in that channel",
  forwardSame: "Choose another channel to forward to",
  noFiles: "No files shared yet",
  reportAdminOnly: "Only organization administrators can review reports",
  commentNotFound: "Comment not found",
  commentNotYours: "You can only edit your own comments",
  commentDeleteNotAllowed: "You can only delete your own comments",
  reactionNotOffered: `Choose one of the offered reactions: ${REACTION_EMOJI.join(" ")}`,
  tooManyReactions: `A message can have at most ${REACTIONS_PER_POST_MAX} different reactions; add to one it already has`,
} as const;

/** One emoji reaction on a message: how many, whether the viewer is among them, and the first names. */
export interface Reaction {
  emoji: string;
  count: number;
  /** The viewer reacted so (false in events, which carry the message as anyone sees it). */
  mine: boolean;
  /** The first REACTION_NAMES_SHOWN who reacted, oldest first. */
  people: PostAuthor[];
}

export interface PostAuthor {
  id: string;
  full_name: string;
}

export interface Attachment {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
  is_image: boolean;
}

/**
 * A channel's search: the messages found, newest first, and for each found by a reply in its thread
 * (the workspace's search finds replies too), that reply's text by the message's id.
 */
export interface ChannelSearch {
  posts: Post[];
  replies: Record<string, string>;
}

export interface Post {
  id: string;
  channel_id: string;
  organization_id: string;
  content: string;
  /** Null when the author's account is gone: shown as 'Unknown User'. */
  author: PostAuthor | null;
  attachment: Attachment | null;
  /** The image of an image post (spec field image_url). */
  image_url: string | null;
  forwarded_from: { channel_id: string; channel_name: string } | null;
  likes_count: number;
  comments_count: number;
  user_liked: boolean;
  /** Emoji reactions besides the Like, in the order they were first added. */
  reactions: Reaction[];
  is_pinned: boolean;
  is_bookmarked: boolean;
  created_at: string;
  edited_at: string | null;
}

export interface Comment {
  id: string;
  post_id: string;
  content: string;
  author: PostAuthor | null;
  created_at: string;
  edited_at: string | null;
}

/**
 * A message that mentions the viewer, with its channel's name (the Mentions view); `reply`, the
 * reply in its thread that mentions them, when that is their latest mention there.
 */
export interface Mention {
  post: Post;
  channel_name: string;
  reply: Comment | null;
}

export interface PostPage {
  posts: Post[];
  has_more: boolean;
  /**
   * When the viewer last read the channel (null: never), as it was before this page was read: the
   * unread divider goes above the first later message by someone else.
   */
  last_read_at: string | null;
}

/** The reports panel shows the oldest open reports, this many more at each "Show more". */
export const REPORTS_PAGE_SIZE = 50;
/** The most open reports one request reads. */
export const REPORTS_LIMIT_MAX = 500;

/** The oldest open reports, as many as asked, and how many are open in all. */
export interface ReportsPage {
  reports: Report[];
  open_count: number;
}

export interface Report {
  id: string;
  post: Post;
  channel_name: string;
  reporter: PostAuthor | null;
  reason: string;
  created_at: string;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * "@Full Name" of any of the names, without regard to case: the whole name, not followed by a
 * letter or digit ("@Ama Owusu!" mentions Ama Owusu, "@Amanda" does not mention Ama), with the "@"
 * not inside a word (an e-mail address mentions no one). Longest names are tried first, so
 * "@Ama Owusu" mentions Ama Owusu and not Ama. The web highlights what the server notifies.
 */
export function mentionPattern(names: readonly string[]): RegExp | null {
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (unique.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])@(?:${unique.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

/** The names (of those given, as given) that the text mentions, by `mentionPattern`. */
export function mentionedNames(text: string, names: readonly string[]): string[] {
  const pattern = text.includes("@") ? mentionPattern(names) : null;
  if (!pattern) return [];
  const found = new Set([...text.matchAll(pattern)].map((match) => match[0].slice(1).toLowerCase()));
  return names.filter((name) => found.has(name.trim().toLowerCase()));
}

/** The author's name as shown: their full name, or 'Unknown User' when the account is gone. */
export function authorName(author: PostAuthor | null): string {
  return author?.full_name || postMessages.unknownUser;
}

/** Files a user may have uploaded and not yet sent in a message (unsent ones are deleted after an hour). */
export const MAX_UNSENT_ATTACHMENTS = 10;

/** The channel's side panels that list messages of one kind. */
export type Collection = "pins" | "bookmarks" | "media" | "files";
