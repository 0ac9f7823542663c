import type { MultipartFile } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import type { OrganizationProfile } from "../../../contract/organizations";
import type { AppContext } from "../../context";
import { organizations } from "../../db/schema";
import type { User } from "../accounts/sessions";
import { requireManager } from "../organizations/policy";
import { organizationProfile } from "../organizations/service";
import { IMAGE_TYPES, type SniffedType } from "./sniff";
import { uploadUrl } from "./store";
import { saveUploadStream } from "./stream";

const PICTURE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** What a picture upload (a logo, a candidate's photo) accepts: a PNG, JPEG, GIF or WebP image by its first bytes. */
export const acceptPicture = (type: SniffedType): string | null =>
  type && IMAGE_TYPES.has(type) && PICTURE_TYPES.has(type) ? type : null;

/** Replaces the organization's logo with an uploaded PNG, JPEG, GIF or WebP image. */
export async function setOrganizationLogo(
  ctx: Pick<AppContext, "db" | "storage">,
  user: User,
  organizationId: string,
  file: MultipartFile | undefined,
): Promise<OrganizationProfile> {
  await requireManager(ctx.db, user, organizationId);
  const saved = await saveUploadStream(ctx.db, ctx.storage, file, {
    accept: acceptPicture,
    refusal: messages.logoInvalid,
    filename: (given) => given,
    row: { kind: "logo", organizationId, uploaderId: user.id },
  });
  await ctx.db
    .update(organizations)
    .set({ logoUrl: uploadUrl(saved.id) })
    .where(eq(organizations.id, organizationId));
  return organizationProfile(ctx.db, user, organizationId);
}
