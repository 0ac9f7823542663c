/**
 * The direct messages' body and queries as zod schemas: the server parses with them and the
 * conversation's form validates with sendMessageInput. Apart from chat.ts so a screen that only
 * shows the messages panel does not load zod.
 */

import { CHAT_MESSAGE_MAX, CHAT_PAGE_SIZE, chatMessages, cleanMessage } from "./chat";
import { lower, z } from "./zod";

export const sendMessageInput = z.strictObject({
  content: z
    .string({ error: chatMessages.empty })
    .transform(cleanMessage)
    .pipe(z.string().min(1, chatMessages.empty).max(CHAT_MESSAGE_MAX, chatMessages.tooLong)),
  /**
   * The message's id, made by the sender: sent again after an answer that never came, the same id
   * is the same message (answered as it was written), never a second one.
   */
  id: z.uuid().overwrite(lower).optional(),
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
