import type { MultipartFile } from "@fastify/multipart";
import { and, count, eq } from "drizzle-orm";
import {
  type Attachment,
  type FILE_EXTENSIONS,
  MAX_UNSENT_ATTACHMENTS,
  postMessages,
} from "../../../contract/posts";
import type { AppContext } from "../../context";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { enforceLimits } from "../../lib/rate-limit";
import type { User } from "../accounts/sessions";
import { IMAGE_TYPES, namesAnImage, type SniffedType } from "../uploads/sniff";
import { uploadUrl } from "../uploads/store";
import { saveUploadStream } from "../uploads/stream";
import { channelWriter } from "./access";
import { shownByNoMessage } from "./removal";

/** What each allowed file extension must look like inside, and the type it is served with. */
const FILE_TYPES: Record<(typeof FILE_EXTENSIONS)[number], { content: SniffedType[]; serveAs: string }> = {
  pdf: { content: ["application/pdf"], serveAs: "application/pdf" },
  doc: { content: ["application/x-ole-storage"], serveAs: "application/msword" },
  docx: {
    content: ["application/zip"],
    serveAs: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  txt: { content: ["text/plain"], serveAs: "text/plain; charset=utf-8" },
  zip: { content: ["application/zip"], serveAs: "application/zip" },
  rar: { content: ["application/vnd.rar"], serveAs: "application/vnd.rar" },
};

/** Images of any image type (by content), or the spec's file types by extension and content. */
export function attachmentType(type: SniffedType, extension: string): string | null {
  if (type && IMAGE_TYPES.has(type)) return type;
  const allowed = FILE_TYPES[extension as keyof typeof FILE_TYPES];
  return allowed?.content.includes(type) ? allowed.serveAs : null;
}

/**
 * Stores a file for a message the user is about to send in the channel, streamed to storage (never
 * held whole in memory). Uploads are throttled per user, and a user holds at most
 * MAX_UNSENT_ATTACHMENTS files not yet in a message (the sweeper deletes those after an hour), so
 * nobody fills the disk with files they never send.
 */
export async function storeAttachment(
  ctx: Pick<AppContext, "db" | "storage" | "clock" | "limits">,
  user: User,
  channelId: string,
  file: MultipartFile | undefined,
): Promise<Attachment> {
  const { channel, admin } = await channelWriter(ctx.db, user, channelId);
  if (!admin && !channel.permissions.membersCanAttach) throw forbidden(postMessages.attachmentsOff);
  await enforceLimits(ctx.db, ctx.clock, [
    { key: `upload:user:${user.id}`, limit: ctx.limits.uploadsPerUser },
  ]);
  if ((await unsentAttachments(ctx.db, user.id)) >= MAX_UNSENT_ATTACHMENTS)
    throw new AppError("rate_limited", postMessages.tooManyUnsent);
  const saved = await saveUploadStream(ctx.db, ctx.storage, file, {
    accept: attachmentType,
    refusal: postMessages.attachmentRefused,
    // Named as a type it does not hold (a PDF, or an image, that is not one): said so, not the list of types.
    mismatch: (extension) =>
      extension in FILE_TYPES || namesAnImage(extension)
        ? postMessages.attachmentNotAsNamed(extension)
        : null,
    filename: (given) => given,
    row: {
      kind: "attachment",
      organizationId: channel.organizationId,
      channelId,
      uploaderId: user.id,
      createdAt: ctx.clock.now(),
    },
  });
  return {
    id: saved.id,
    filename: saved.filename,
    content_type: saved.contentType,
    size: saved.size,
    url: uploadUrl(saved.id),
    is_image: IMAGE_TYPES.has(saved.contentType as never),
  };
}

/** Files the user uploaded that no message uses yet. */
async function unsentAttachments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.uploaderId, userId), eq(uploads.kind, "attachment"), shownByNoMessage()));
  return row?.n ?? 0;
}
