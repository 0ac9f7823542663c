import path from "node:path";
import type { Config } from "../config";
import { FolderStorage } from "./folder";
import type { FileStorage } from "./storage";

export type { FileStorage, StoredFile } from "./storage";
export { FolderStorage };

/**
 * The storage the configuration names: an S3-compatible bucket (STORAGE=s3), else DATA_DIR/uploads.
 * The S3 client is imported only when named: it is the largest of the server's packages to load.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.storage?.kind !== "s3") return new FolderStorage(path.join(config.dataDir, "uploads"));
  const { S3Storage } = await import("./s3");
  return new S3Storage(config.storage);
}
