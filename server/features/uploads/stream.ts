import { randomUUID } from "node:crypto";
import path from "node:path";
import { PassThrough, type Readable, Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { uploads } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import { hasDisallowedText } from "../../http/input";
import type { FileStorage } from "../../storage/index";
import { imageName, type SniffedType, sniff } from "./sniff";
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

/** Bytes read from the start of a streamed file to check what it is. */
const HEAD_BYTES = 64;

/**
 * Reads from a stream until it gave at least `bytes` bytes or ended; returns what it read (the
 * stream then goes on from there).
 */
async function readAtLeast(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes && !stream.readableEnded) {
    const chunk = stream.read() as Buffer | null;
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: unknown) => {
        stream.off("readable", settle).off("end", settle).off("error", settle).off("close", closed);
        if (error) reject(error);
        else resolve();
      };
      const closed = () => settle(stream.readableEnded ? undefined : new UploadInterrupted());
      stream.once("readable", settle).once("end", settle).once("error", settle).once("close", closed);
    });
  }
  return Buffer.concat(chunks);
}

/** What was read first, then the rest of the stream. */
async function* joined(first: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first;
  if (!rest.readableEnded) for await (const chunk of rest) yield chunk as Buffer;
}

/** Reads a stream to its end, keeping nothing (a refused upload is still read whole, as the client sends it). */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await finished(stream).catch(() => undefined);
}

/** The longest file name kept, in characters. */
const NAME_LENGTH = 200;

/** A file name of at most NAME_LENGTH characters, shortened before its extension (which says its type). */
function shortName(name: string): string {
  if (name.length <= NAME_LENGTH) return name;
  const extension = path.extname(name).slice(0, 16);
  return name.slice(0, NAME_LENGTH - extension.length) + extension;
}

/**
 * Streams a multipart file (an attachment, a logo, a recording) to storage without holding it in
 * memory: its first bytes say what it is (refused unless an accepted type), then it is stored
 * under a new id while counted, refused when the multipart size limit cut it short, and recorded
 * once stored whole. Whatever was stored for a refused or broken upload is removed.
 */
export async function saveUploadStream(
  db: Db,
  storage: FileStorage,
  file: MultipartFile | undefined,
  options: {
    accept(type: SniffedType, extension: string): string | null;
    refusal: string;
    /** What to say instead when the name promises a type its contents are not ("report.pdf" that is no PDF). */
    mismatch?(extension: string): string | null;
    row: Omit<typeof uploads.$inferInsert, "id" | "size" | "filename" | "contentType">;
    filename(given: string): string;
  },
): Promise<UploadRow> {
  if (!file) throw badRequest(options.refusal);
  // The body may have ended short while the route was still checking who may upload: the parser
  // has then already closed the file, and a read from it would wait for ever.
  if (file.file.destroyed && !file.file.readableEnded) throw new UploadInterrupted();
  // A name that shows other than it is stored (a direction override: "report.exe.pdf"), as every input refuses.
  if (hasDisallowedText(file.filename)) {
    await drain(file.file);
    throw badRequest(messages.textNotAllowed);
  }
  const given = options.filename(shortName(path.basename(file.filename || "file")));
  const extension = path.extname(given).slice(1).toLowerCase();
  const first = await readAtLeast(file.file, HEAD_BYTES).catch((error: unknown) => {
    throw clientGone(error) ? new UploadInterrupted() : error;
  });
  if (first.length === 0) throw badRequest(messages.fileEmpty);
  const sniffed = sniff(first.subarray(0, HEAD_BYTES));
  const contentType = options.accept(sniffed, extension);
  if (!contentType) {
    await drain(file.file);
    if (file.file.truncated) throw new AppError("payload_too_large", options.refusal);
    throw badRequest(options.mismatch?.(extension) ?? options.refusal);
  }
  const filename = imageName(given, sniffed);

  const id = randomUUID();
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  const body = new PassThrough();
  try {
    const stored = storage.write(id, body, contentType).catch((error: unknown) => {
      // Storage failed first (unreachable, refused): stop reading the request into it.
      body.destroy(error as Error);
      throw error;
    });
    const received = pipeline(joined(first, file.file), measure, body).catch((error: unknown) => {
      throw clientGone(error) ? new UploadInterrupted() : error;
    });
    const [read, wrote] = await Promise.allSettled([received, stored]);
    if (read.status === "rejected") throw read.reason;
    if (wrote.status === "rejected") throw wrote.reason;
    if (file.file.truncated) throw new AppError("payload_too_large", options.refusal);
    const [upload] = await db
      .insert(uploads)
      .values({ ...options.row, id, filename, contentType, size })
      .returning();
    if (!upload) throw new Error("upload insert returned nothing");
    return upload;
  } catch (error) {
    await storage.remove([id]).catch(() => undefined);
    throw error;
  }
}
