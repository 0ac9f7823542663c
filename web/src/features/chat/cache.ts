import type { InfiniteData } from "@tanstack/react-query";
import type { ChatContact, ContactList, ConversationPage, DirectMessage } from "../../../../contract/chat";

/*
 * How a realtime event or a write's answer changes what the chat's queries hold: the contact list
 * and a conversation's pages (an infinite query, newest page first). Pure functions, tested in
 * cache.test.ts; useInbox and useConversation apply them with setQueryData.
 */

export type ConversationPages = InfiniteData<ConversationPage, string | undefined>;

/** Latest conversation first, then by name (the server's order, kept as messages arrive). */
export function ordered(contacts: ChatContact[]): ChatContact[] {
  const at = (contact: ChatContact) => contact.last_message?.created_at ?? "";
  return [...contacts].sort((a, b) =>
    at(a) === at(b) ? a.full_name.localeCompare(b.full_name) : at(a) < at(b) ? 1 : -1,
  );
}

/** The list with one contact changed, in the list's order again. */
export function withContact(
  list: ContactList,
  userId: string,
  change: (contact: ChatContact) => ChatContact,
): ContactList {
  return {
    contacts: ordered(list.contacts.map((contact) => (contact.id === userId ? change(contact) : contact))),
  };
}

/** A contact after a message between them and the viewer: its last message and, when it is unread, one more. */
export function withMessage(contact: ChatContact, message: DirectMessage, fromMe: boolean, unread: boolean) {
  return {
    ...contact,
    last_message: { content: message.content, created_at: message.created_at, from_me: fromMe },
    unread_count: unread ? contact.unread_count + 1 : contact.unread_count,
  };
}

/** Oldest first by time, then id (the server's order); each message once, the later copy winning. */
export function merged(list: DirectMessage[], more: DirectMessage[]): DirectMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  );
}

/** Every message held, oldest first. */
export function messagesOf(data: { pages: ConversationPage[] }): DirectMessage[] {
  return merged(
    [],
    data.pages.flatMap((page) => page.messages),
  );
}

/** The pages with new messages in the newest page (each once). */
export function withNew(data: ConversationPages, add: DirectMessage[]): ConversationPages {
  const [newest, ...rest] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, messages: merged(newest.messages, add) }, ...rest] };
}

/**
 * The pages with `sender`'s unread messages read at `readAt`: all of them, or with `upTo` only those
 * sent by then (a read mark from an event covers what existed when it was made).
 */
export function markedRead(
  data: ConversationPages,
  sender: string,
  readAt: string,
  upTo?: string,
): ConversationPages {
  const covered = (message: DirectMessage) =>
    message.sender_id === sender &&
    message.read_at === null &&
    (upTo === undefined || message.created_at <= upTo);
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some(covered)
        ? { ...page, messages: page.messages.map((m) => (covered(m) ? { ...m, read_at: readAt } : m)) }
        : page,
    ),
  };
}
