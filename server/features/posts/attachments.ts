import type { MultipartFile } from "@fastify/multipart";
import { type Attachment, type FILE_EXTENSIONS, postMessages } from "../../../contract/posts";
import type { AppContext } from "../../context";
import { forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { IMAGE_TYPES, type SniffedType } from "../uploads/sniff";
import { readUpload, saveUpload, uploadUrl } from "../uploads/store";
import { channelWriter } from "./access";

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

/** Stores a file for a message the user is about to send in the channel. */
export async function storeAttachment(
  ctx: Pick<AppContext, "db" | "uploadsDir">,
  user: User,
  channelId: string,
  file: MultipartFile | undefined,
): Promise<Attachment> {
  const { channel, admin } = await channelWriter(ctx.db, user, channelId);
  if (!admin && !channel.permissions.membersCanAttach) throw forbidden(postMessages.attachmentsOff);
  const upload = await readUpload(file, attachmentType, postMessages.attachmentRefused);
  const saved = await saveUpload(ctx.db, ctx.uploadsDir, {
    kind: "attachment",
    organizationId: channel.organizationId,
    channelId,
    uploaderId: user.id,
    filename: upload.filename,
    contentType: upload.contentType,
    bytes: upload.bytes,
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
