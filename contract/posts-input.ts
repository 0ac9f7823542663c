/**
 * The messages' request bodies, parameters and queries as zod schemas: the server parses with them
 * and the web forms (comment, forward, report, edit) validate with the same ones. Apart from posts.ts so
 * a screen that only shows messages does not load zod.
 */

import {
  COMMENT_MAX,
  MESSAGE_MAX,
  PAGE_SIZE,
  postMessages,
  REACTION_EMOJI,
  REPORTS_LIMIT_MAX,
  REPORTS_PAGE_SIZE,
} from "./posts";
import { lower, trimmed, z } from "./zod";

export const reactionEmojiParam = z.strictObject({
  id: z.uuid({ error: postMessages.notFound }),
  emoji: z.enum(REACTION_EMOJI, { error: postMessages.reactionNotOffered }),
});

export const createPostInput = z
  .strictObject({
    content: z.string().max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`).default(""),
    attachment_id: z.uuid().optional(),
    /**
     * The message's id, made by the sender: sent again after an answer that never came, the same
     * id is the same message (answered as it was written), never a second one.
     */
    id: z.uuid().optional(),
  })
  .refine((input) => trimmed(input.content).length > 0 || input.attachment_id, { error: postMessages.empty });

export const editPostInput = z.strictObject({
  content: z.string().overwrite(trimmed).min(1, postMessages.empty).max(MESSAGE_MAX),
});

export const commentInput = z.strictObject({
  content: z.string().overwrite(trimmed).min(1, postMessages.commentEmpty).max(COMMENT_MAX),
});

/** A new comment: its text, and the id its writer made, as a message's (createPostInput `id`). */
export const addCommentInput = commentInput.extend({
  /**
   * The comment's id, made by its writer: sent again after an answer that never came, the same id
   * is the same comment (answered as it was written), never a second one.
   */
  id: z.uuid().overwrite(lower).optional(),
});

export const forwardInput = z.strictObject({ channel_id: z.uuid({ error: postMessages.forwardTarget }) });
export const reportInput = z.strictObject({ reason: z.string().overwrite(trimmed).max(500).default("") });
export const pageQuery = z.strictObject({
  /** The oldest message already shown (its id), or a time: the page holds messages before it. */
  before: z.union([z.uuid(), z.iso.datetime({ offset: true })]).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
});
/** GET /api/organizations/:id/reports?limit=n: the oldest n open reports. */
export const reportsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(REPORTS_LIMIT_MAX).default(REPORTS_PAGE_SIZE),
});
export const searchInput = z.strictObject({
  q: z.string().overwrite(trimmed).min(1, "Type something to search for").max(200),
});

/** A report's reason; a report sent with no body at all has none. */
export const reportBody = reportInput.default({ reason: "" });
