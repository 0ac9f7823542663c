import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStorage, StoredFile } from "./storage";

const INCOMING = ".incoming-";

/**
 * Files in a folder of this machine (DATA_DIR/uploads): written under a temporary name, renamed
 * to their key once whole, so a key never names half a file.
 */
export class FolderStorage implements FileStorage {
  readonly kind = "folder";
  constructor(readonly dir: string) {}

  async write(key: string, body: Readable, _contentType: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const incoming = path.join(this.dir, `${INCOMING}${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(incoming));
      await rename(incoming, this.path(key));
    } finally {
      await rm(incoming, { force: true });
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.path(key), "r");
      return handle.createReadStream();
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.path(key)).catch(() => null)) !== null;
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    for (const name of await this.names()) {
      if (name.startsWith(INCOMING)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
    }
  }

  async removeUnfinished(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const name of await this.names()) {
      if (!name.startsWith(INCOMING)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info && info.mtime < cutoff) {
        await rm(path.join(this.dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }

  close(): void {}

  private names(): Promise<string[]> {
    return readdir(this.dir).catch(() => [] as string[]);
  }

  /** Keys are upload ids; anything that could leave the folder is refused. */
  private path(key: string): string {
    if (!/^[\w-]+$/.test(key)) throw new Error("invalid storage key");
    return path.join(this.dir, key);
  }
}
