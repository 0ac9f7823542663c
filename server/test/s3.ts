import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../config";

/**
 * A real S3-protocol server for the tests: s3rver, on a loopback port of its own, with one empty
 * bucket, its files in a temporary folder. It checks request signatures with its one account's
 * keys (S3RVER / S3RVER). The storage configuration returned is what STORAGE=s3 with
 * S3_ENDPOINT and path style would give.
 */
export async function startS3(): Promise<{ config: S3StorageConfig; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), "votespace-s3-"));
  const bucket = "votespace-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: "s3",
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
