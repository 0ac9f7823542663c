import { createReadStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import { type SniffedType, sniff } from "./sniff";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export type UploadRow = typeof uploads.$inferSelect;

/** Reads a multipart file whole (at most 10 MB) and checks its content against the types allowed. */
export async function readUpload(
  file: MultipartFile | undefined,
  accept: (type: SniffedType, extension: string) => string | null,
  refusal: string,
): Promise<{ bytes: Buffer; contentType: string; filename: string }> {
  if (!file) throw badRequest(refusal);
  const bytes = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("payload_too_large", refusal);
    throw error;
  });
  const filename = path.basename(file.filename || "file").slice(0, 200);
  const extension = path.extname(filename).slice(1).toLowerCase();
  const contentType = accept(sniff(bytes), extension);
  if (!contentType) throw badRequest(refusal);
  return { bytes, contentType, filename };
}

/** Stores the bytes under the data folder and records the upload. */
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
