/**
 * Direct messages between members of an organization (spec part 2, "Direct-message chat panel").
 * Messages belong to the two people, not to an organization: the contact list is drawn from the
 * organization being looked at, the conversation is the same from any of them.
 */
import { trimmed } from "./zod";

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_PAGE_SIZE = 50;

export const chatMessages = {
  empty: "Type a message first",
  idTaken: "Message not sent: its id belongs to another message. Send it again.",
  tooLong: `A message can be at most ${CHAT_MESSAGE_MAX} characters`,
  toSelf: "You cannot send a message to yourself",
  userNotFound: "User not found",
  notAccepting: "This person does not accept direct messages",
} as const;

/**
 * Control characters other than line breaks and tabs: invisible. (NUL and lone surrogates never
 * get here: the server refuses them in every input, server/http/input.ts.)
 */
const CONTROL = /[^\P{Cc}\n\t]/gu;

/**
 * The text as stored: trimmed (zod.ts `trimmed`: nothing invisible at its ends), without invisible control characters. At most 2,000 UTF-16 units
 * of at most 3 bytes each keeps the message.created event well under the bus's 8,000 bytes.
 */
export function cleanMessage(content: string): string {
  return trimmed(content.replace(CONTROL, ""));
}

/** One direct message (spec entity chat_messages, plus when the recipient read it). */
export interface DirectMessage {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  created_at: string;
  /**
   * When the recipient read it. The sender sees it only while the recipient shows read receipts
   * (settings › privacy); otherwise it stays null for them.
   */
  read_at: string | null;
}

export interface ConversationPage {
  messages: DirectMessage[];
  has_more: boolean;
}

/** A person the user may write to (spec "Chat contact": id, name, avatar, online, lastMessage). */
export interface ChatContact {
  id: string;
  full_name: string;
  role: "admin" | "member";
  user_type: "voter" | "organization";
  /** From realtime presence; false for anyone who hides their online status. */
  online: boolean;
  /** False when they turned direct messages off (settings › privacy): sending to them is refused. */
  accepts_messages: boolean;
  /**
   * False for someone the user has talked with who shares no organization with them any more (one of
   * them left): the conversation stays readable, and nothing can be sent. In every organization's
   * list (latest conversation first with the others), as a conversation belongs to no organization.
   */
  shares_organization: boolean;
  last_message: { content: string; created_at: string; from_me: boolean } | null;
  unread_count: number;
}

export interface ContactList {
  contacts: ChatContact[];
}

export interface UnreadTotal {
  total: number;
}

export interface ReadResult {
  /** How many messages this call marked read. */
  marked: number;
  read_at: string;
}

// The schemas of the direct messages' bodies and queries (the conversation's form validates with sendMessageInput).
export type { SendMessageInput } from "./chat-input";
