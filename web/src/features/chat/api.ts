import type {
  ContactList,
  ConversationPage,
  DirectMessage,
  ReadResult,
  UnreadTotal,
} from "../../../../contract/chat";
import { api } from "../../api/http";

export const chatApi = {
  contacts: (organizationId: string) =>
    api<ContactList>("GET", `/api/chat/contacts?organizationId=${encodeURIComponent(organizationId)}`),
  unread: (organizationId: string) =>
    api<UnreadTotal>("GET", `/api/chat/unread?organizationId=${encodeURIComponent(organizationId)}`),
  conversation: (userId: string, before?: string) =>
    api<ConversationPage>(
      "GET",
      `/api/chat/conversations/${userId}${before ? `?before=${encodeURIComponent(before)}` : ""}`,
    ),
  send: (userId: string, content: string) =>
    api<DirectMessage>("POST", `/api/chat/conversations/${userId}`, { content }),
  markRead: (userId: string) => api<ReadResult>("POST", `/api/chat/conversations/${userId}/read`),
};
