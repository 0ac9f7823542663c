import type { ContactList, ConversationPage, DirectMessage, ReadResult, UnreadTotal } from "./chat";
import { contactsQuery, conversationQuery, sendMessageInput, unreadQuery } from "./chat-input";
import { endpoint, idParams, typedAnswer } from "./endpoint";
/** Direct messages: contacts, the unread badge, conversations, sending (201) and read marks. */
export const chatEndpoints = {
  contacts: endpoint({
    method: "GET",
    path: "/api/chat/contacts",
    access: "user",
    query: contactsQuery,
    response: typedAnswer<ContactList>(),
  }),
  unread: endpoint({
    method: "GET",
    path: "/api/chat/unread",
    access: "user",
    query: unreadQuery,
    response: typedAnswer<UnreadTotal>(),
  }),
  conversation: endpoint({
    method: "GET",
    path: "/api/chat/conversations/:id",
    access: "user",
    params: idParams,
    query: conversationQuery,
    response: typedAnswer<ConversationPage>(),
  }),
  send: endpoint({
    method: "POST",
    path: "/api/chat/conversations/:id",
    access: "user",
    params: idParams,
    body: sendMessageInput,
    response: typedAnswer<DirectMessage>(),
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/chat/conversations/:id/read",
    access: "user",
    params: idParams,
    response: typedAnswer<ReadResult>(),
  }),
};
