// Test data of the chat tests: a contact who is online and takes direct messages.
import type { ChatContact } from "../../../../contract/chat";

export const contact = (id: string, full_name: string): ChatContact => ({
  id,
  full_name,
  role: "member",
  user_type: "voter",
  online: true,
  accepts_messages: true,
  shares_organization: true,
  last_message: null,
  unread_count: 0,
});
