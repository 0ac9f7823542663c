import type { MultipartFile } from "@fastify/multipart";
import { messages } from "../../../contract/messages";
import type { AppContext } from "../../context";
import type { User } from "../accounts/sessions";
import { requireManager } from "../organizations/policy";
import { acceptPicture } from "./logo";
import { uploadUrl } from "./store";
import { saveUploadStream } from "./stream";

/**
 * Stores a candidate's photo for one of the organization's ballots (its administrators only; the
 * same checks as a logo: a PNG, JPEG, GIF or WebP image by its first bytes, 10 MB at most) and
 * answers its address, which the administrator's question then holds as the candidate's photo_url.
 * Served to the organization's members only (GET /api/uploads/:id).
 */
export async function storeCandidatePhoto(
  ctx: Pick<AppContext, "db" | "storage">,
  user: User,
  organizationId: string,
  file: MultipartFile | undefined,
): Promise<{ url: string }> {
  await requireManager(ctx.db, user, organizationId);
  const saved = await saveUploadStream(ctx.db, ctx.storage, file, {
    accept: acceptPicture,
    refusal: messages.candidatePhotoInvalid,
    filename: (given) => given,
    row: { kind: "candidate_photo", organizationId, uploaderId: user.id },
  });
  return { url: uploadUrl(saved.id) };
}
