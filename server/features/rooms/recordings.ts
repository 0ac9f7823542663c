import type { MultipartFile } from "@fastify/multipart";
import { type Recording, roomMessages } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import type { User } from "../accounts/sessions";
import { requireActiveOrganization } from "../organizations/policy";
import { saveUploadStream } from "../uploads/stream";
import { requireHost, sessionAccess } from "./policy";
import { presentRecording } from "./presenter";

/**
 * The host's browser records the session (MediaRecorder, WebM) and uploads it when recording
 * stops, also after the session ended; it is stored in the channel as a file of kind recording,
 * for the organization's members to download.
 */
export async function saveRecording(
  ctx: Pick<AppContext, "db" | "uploadsDir">,
  user: User,
  sessionId: string,
  file: MultipartFile | undefined,
): Promise<{ channelId: string; recording: Recording }> {
  const access = await sessionAccess(ctx.db, user, sessionId);
  requireHost(access);
  const { session } = access;
  await requireActiveOrganization(ctx.db, session.organizationId);
  const upload = await saveUploadStream(ctx.db, ctx.uploadsDir, file, {
    refusal: roomMessages.recordingRefused,
    // Both audio and video WebM begin with the same EBML header; the session says which it is.
    accept: (type, extension) =>
      type === "video/webm" && extension === "webm"
        ? session.kind === "airing"
          ? "audio/webm"
          : "video/webm"
        : null,
    filename: (given) => (given.toLowerCase().endsWith(".webm") ? given : `${given}.webm`),
    row: {
      kind: "recording",
      organizationId: session.organizationId,
      channelId: session.channelId,
      uploaderId: user.id,
    },
  });
  return { channelId: session.channelId, recording: presentRecording(upload, user.fullName) };
}
