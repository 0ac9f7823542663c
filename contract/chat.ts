import { z } from "zod";
import { answer, endpoint, idParams } from "./endpoint";

/**
 * Direct messages between members of an organization (spec part 2, "Direct-message chat panel").
 * Messages belong to the two people, not to an organization: the contact list is drawn from the
 * organization being looked at, the conversation is the same from any of them.
 */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_PAGE_SIZE = 50;

export const chatMessages = {
  empty: "Type a message first",
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
 * The text as stored: trimmed, without invisible control characters. At most 2,000 UTF-16 units
 * of at most 3 bytes each keeps the message.created event well under the bus's 8,000 bytes.
 */
export function cleanMessage(content: string): string {
  return content.replace(CONTROL, "").trim();
}

export const sendMessageInput = z.strictObject({
  content: z
    .string({ error: chatMessages.empty })
    .transform(cleanMessage)
    .pipe(z.string().min(1, chatMessages.empty).max(CHAT_MESSAGE_MAX, chatMessages.tooLong)),
});
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const contactsQuery = z.strictObject({
  organizationId: z.uuid({ error: "Choose an organization" }),
});

/** Without an organization: every unread message; with one: those from its members (the panel's badge). */
export const unreadQuery = z.strictObject({
  organizationId: z.uuid({ error: "Choose an organization" }).optional(),
});

export const conversationQuery = z.strictObject({
  /** The oldest message already shown (its id), or a time: the page holds messages before it. */
  before: z.union([z.uuid(), z.iso.datetime({ offset: true })]).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE),
});

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

/** Direct messages: contacts, the unread badge, conversations, sending (201) and read marks. */
export const chatEndpoints = {
  contacts: endpoint({
    method: "GET",
    path: "/api/chat/contacts",
    access: "user",
    query: contactsQuery,
    response: answer<ContactList>(),
  }),
  unread: endpoint({
    method: "GET",
    path: "/api/chat/unread",
    access: "user",
    query: unreadQuery,
    response: answer<UnreadTotal>(),
  }),
  conversation: endpoint({
    method: "GET",
    path: "/api/chat/conversations/:id",
    access: "user",
    params: idParams,
    query: conversationQuery,
    response: answer<ConversationPage>(),
  }),
  send: endpoint({
    method: "POST",
    path: "/api/chat/conversations/:id",
    access: "user",
    params: idParams,
    body: sendMessageInput,
    response: answer<DirectMessage>(),
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/chat/conversations/:id/read",
    access: "user",
    params: idParams,
    response: answer<ReadResult>(),
  }),
};
