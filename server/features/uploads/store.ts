import { createReadStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export type UploadRow = typeof uploads.$inferSelect;

/**
 * Stores bytes the server made itself (demo data) and records the upload. Uploads from users are
 * streamed instead (stream.ts): a multipart file is never held whole in memory.
 */
export async function saveUpload(
  db: Db,
  uploadsDir: string,
  values: Omit<typeof uploads.$inferInsert, "size" | "id"> & { bytes: Buffer },
): Promise<UploadRow> {
  const { bytes, ...row } = values;
  const [upload] = await db
    .insert(uploads)
    .values({ ...row, size: bytes.length })
    .returning();
  if (!upload) throw new Error("upload insert returned nothing");
  try {
    await mkdir(uploadsDir, { recursive: true });
    await writeFile(path.join(uploadsDir, upload.id), bytes);
  } catch (error) {
    await rm(path.join(uploadsDir, upload.id), { force: true });
    throw error;
  }
  return upload;
}

export function openUpload(uploadsDir: string, id: string) {
  return createReadStream(path.join(uploadsDir, id));
}

export function uploadUrl(id: string): string {
  return `/api/uploads/${id}`;
}
