import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import { type SniffedType, sniff } from "./sniff";
import type { UploadRow } from "./store";

/**
 * The client went away mid-upload (closed the tab, lost the network): nothing is wrong with the
 * server, so it is an expected failure (no stack trace; the upload routes log it at debug).
 */
export class UploadInterrupted extends AppError {
  constructor() {
    super("bad_request", messages.uploadIncomplete);
  }
}

/** The errors a request stream ends with when its connection closes before the body is complete. */
function clientGone(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ERR_STREAM_PREMATURE_CLOSE" || code === "ECONNRESET" || code === "ECONNABORTED";
}

/** Bytes kept from the start of a streamed file to check what it is. */
const HEAD_BYTES = 64;

/**
 * Streams a multipart file (an attachment, a logo, a recording) to the data folder without holding it in memory:
 * written under a temporary name while counted, refused when the multipart size limit cut it
 * short or when its first bytes are not an accepted type, then recorded and renamed to its id.
 */
export async function saveUploadStream(
  db: Db,
  uploadsDir: string,
  file: MultipartFile | undefined,
  options: {
    accept(type: SniffedType, extension: string): string | null;
    refusal: string;
    row: Omit<typeof uploads.$inferInsert, "id" | "size" | "filename" | "contentType">;
    filename(given: string): string;
  },
): Promise<UploadRow> {
  if (!file) throw badRequest(options.refusal);
  await mkdir(uploadsDir, { recursive: true });
  const incoming = path.join(uploadsDir, `.incoming-${randomUUID()}`);
  let head = Buffer.alloc(0);
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    // The body may have ended short while the route was still checking who may upload: the parser
    // has then already closed the file, and a pipe from it would wait for ever.
    if (file.file.destroyed && !file.file.readableEnded) throw new UploadInterrupted();
    await pipeline(file.file, measure, createWriteStream(incoming)).catch((error: unknown) => {
      throw clientGone(error) ? new UploadInterrupted() : error;
    });
    if (file.file.truncated) throw new AppError("payload_too_large", options.refusal);
    const filename = options.filename(path.basename(file.filename || "file").slice(0, 200));
    const extension = path.extname(filename).slice(1).toLowerCase();
    const contentType = options.accept(sniff(head), extension);
    if (!contentType || size === 0) throw badRequest(options.refusal);
    const [upload] = await db
      .insert(uploads)
      .values({ ...options.row, filename, contentType, size })
      .returning();
    if (!upload) throw new Error("upload insert returned nothing");
    try {
      await rename(incoming, path.join(uploadsDir, upload.id));
    } catch (error) {
      await db.delete(uploads).where(eq(uploads.id, upload.id));
      throw error;
    }
    return upload;
  } finally {
    await rm(incoming, { force: true });
  }
}
