import type { Readable } from "node:stream";

/** A stored file as the sweeper sees it. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live: the data folder (one process, the embedded default) or an
 * S3-compatible bucket (every process of a deployment). Keys are upload ids. Bodies are streamed
 * both ways; no implementation holds a whole file in memory.
 */
export interface FileStorage {
  readonly kind: "folder" | "s3";
  /**
   * Stores `body` under `key` with its type; resolves once the whole file is stored, rejects (and
   * stores nothing under `key`) when `body` fails or ends short.
   */
  write(key: string, body: Readable, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  read(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes each key; a key with nothing stored is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every stored file, for the sweeper (unfinished writes are not listed). */
  list(): AsyncIterable<StoredFile>;
  /** Removes writes that never finished (a process stopped mid-upload) older than `cutoff`; returns how many. */
  removeUnfinished(cutoff: Date): Promise<number>;
  /** Lets go of connections (the app's close). */
  close(): void;
}
