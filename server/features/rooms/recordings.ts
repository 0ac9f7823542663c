import type { MultipartFile } from "@fastify/multipart";
import { RECORDING_UPLOAD_WINDOW_MS, type Recording, roomMessages } from "../../../contract/rooms";
import type { AppContext } from "../../context";
import { badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { enforceLimits } from "../../lib/rate-limit";
import type { User } from "../accounts/sessions";
import { requireActiveOrganization } from "../organizations/policy";
import { saveUploadStream } from "../uploads/stream";
import { requireHost, sessionAccess } from "./policy";
import { presentRecording, type SessionRow } from "./presenter";

/**
 * A session takes a recording only when it was recorded (recording was turned on at some point)
 * and is live, or ended within the last hour: the host's browser uploads when recording stops,
 * which may be the session ending. Anything else is not a recording of this session.
 */
function requireRecordingExpected(session: SessionRow, clock: Clock): void {
  const endedLongAgo =
    session.status === "ended" &&
    (!session.endedAt || clock.now().getTime() - session.endedAt.getTime() > RECORDING_UPLOAD_WINDOW_MS);
  if (!session.wasRecorded || session.status === "waiting" || endedLongAgo)
    throw badRequest(roomMessages.recordingNotExpected);
}

/**
 * The host's browser records the session (MediaRecorder, WebM) and uploads it when recording
 * stops, also after the session ended; it is stored in the channel as a file of kind recording,
 * for the organization's members to download. Uploads are counted per host (`recordingsPerUser`).
 */
export async function saveRecording(
  ctx: Pick<AppContext, "db" | "clock" | "limits" | "storage">,
  user: User,
  sessionId: string,
  file: MultipartFile | undefined,
): Promise<{ channelId: string; recording: Recording }> {
  const access = await sessionAccess(ctx.db, user, sessionId);
  requireHost(access);
  const { session } = access;
  await requireActiveOrganization(ctx.db, session.organizationId);
  requireRecordingExpected(session, ctx.clock);
  await enforceLimits(ctx.db, ctx.clock, [
    { key: `recording:user:${user.id}`, limit: ctx.limits.recordingsPerUser },
  ]);
  const upload = await saveUploadStream(ctx.db, ctx.storage, file, {
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
