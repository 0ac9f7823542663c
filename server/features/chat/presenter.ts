import type { ChatContact, DirectMessage } from "../../../contract/chat";
import { DEFAULT_SETTINGS, type UserSettings } from "../../../contract/settings";
import type { FormerContactRow, MessageRow } from "./queries";

/** A user's privacy choices (settings › privacy) over the defaults. */
export function privacyOf(settings: Partial<UserSettings> | null | undefined): UserSettings["privacy"] {
  return { ...DEFAULT_SETTINGS.privacy, ...settings?.privacy };
}

/**
 * A message as `viewerId` sees it. The sender learns when it was read only while the recipient
 * shows read receipts (`receiptsShown`); the recipient always sees their own reads.
 */
export function presentMessage(row: MessageRow, viewerId: string, receiptsShown = true): DirectMessage {
  const hideRead = row.senderId === viewerId && !receiptsShown;
  return {
    id: row.id,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    read_at: hideRead ? null : (row.readAt?.toISOString() ?? null),
  };
}

export function presentLastMessage(
  row: MessageRow | undefined,
  viewerId: string,
): ChatContact["last_message"] {
  if (!row) return null;
  return {
    content: row.content,
    created_at: row.createdAt.toISOString(),
    from_me: row.senderId === viewerId,
  };
}

/** Someone talked with who shares no organization with the viewer any more: read-only, never online here. */
export function presentFormerContact(row: FormerContactRow, viewerId: string): ChatContact {
  return {
    id: row.id,
    full_name: row.full_name,
    role: "member",
    user_type: row.user_type,
    online: false,
    accepts_messages: privacyOf(row.settings).allowDirectMessages,
    shares_organization: false,
    last_message: {
      content: row.last_content,
      created_at: new Date(row.last_created_at).toISOString(),
      from_me: row.last_sender_id === viewerId,
    },
    unread_count: row.unread,
  };
}
