import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";
import type { FileStorage } from "../../storage/index";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export type UploadRow = typeof uploads.$inferSelect;

/**
 * Stores bytes the server made itself (demo data) and records the upload. Uploads from users are
 * streamed instead (stream.ts): a multipart file is never held whole in memory.
 */
export async function saveUpload(
  db: Db,
  storage: FileStorage,
  values: Omit<typeof uploads.$inferInsert, "size" | "id"> & { bytes: Buffer },
): Promise<UploadRow> {
  const { bytes, ...row } = values;
  const [upload] = await db
    .insert(uploads)
    .values({ ...row, size: bytes.length })
    .returning();
  if (!upload) throw new Error("upload insert returned nothing");
  try {
    await storage.write(upload.id, Readable.from([bytes]), upload.contentType);
  } catch (error) {
    await db.delete(uploads).where(eq(uploads.id, upload.id));
    throw error;
  }
  return upload;
}

export function uploadUrl(id: string): string {
  return `/api/uploads/${id}`;
}
