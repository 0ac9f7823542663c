import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type MultipartUpload,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3StorageConfig } from "../config";
import type { FileStorage, StoredFile } from "./storage";

/** Every key of ours sits under this prefix: the sweeper never touches anything else in the bucket. */
const PREFIX = "uploads/";
/** S3's smallest part: at most one part of an upload is held in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/** The error names S3, MinIO, Ceph RGW (and s3rver) answer for a missing object. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW), shared by every process. Writes
 * stream through a multipart upload, one 5 MiB part at a time (a smaller file is one PUT); reads
 * stream the object's body.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint && { endpoint: config.endpoint }),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials && { credentials: config.credentials }),
      // Checksums only where S3 requires them: MinIO and Ceph RGW releases in use do not all take
      // the newer checksum headers and trailers on streamed bodies.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async write(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: PREFIX + key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 1,
    });
    await upload.done();
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: PREFIX + key }));
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: PREFIX + key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** One DeleteObject per key: the batch call needs Content-MD5 on some servers and is missing on others. */
  async remove(keys: string[]): Promise<void> {
    for (const key of keys)
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: PREFIX + key }));
  }

  async *list(): AsyncIterable<StoredFile> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: PREFIX });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified) continue;
        yield { key: object.Key.slice(PREFIX.length), modifiedAt: object.LastModified };
      }
    }
  }

  /**
   * Aborts multipart uploads a stopped process left (a failed one is aborted at once). A server
   * without the listing call (s3rver) has none to abort; a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload) does the same job on the server's side.
   */
  async removeUnfinished(cutoff: Date): Promise<number> {
    let uploads: MultipartUpload[];
    try {
      const answer = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: PREFIX }),
      );
      uploads = answer.Uploads ?? [];
    } catch (error) {
      if ((error as { name?: string }).name === "NotImplemented") return 0;
      throw error;
    }
    let removed = 0;
    for (const upload of uploads) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= cutoff) continue;
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
      );
      removed++;
    }
    return removed;
  }

  close(): void {
    this.client.destroy();
  }
}
