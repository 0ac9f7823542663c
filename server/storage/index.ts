import path from "node:path";
import type { Config } from "../config";
import { FolderStorage } from "./folder";
import { S3Storage } from "./s3";
import type { FileStorage } from "./storage";

export type { FileStorage, StoredFile } from "./storage";
export { FolderStorage, S3Storage };

/** The storage the configuration names: an S3-compatible bucket (STORAGE=s3), else DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  return config.storage?.kind === "s3"
    ? new S3Storage(config.storage)
    : new FolderStorage(path.join(config.dataDir, "uploads"));
}
