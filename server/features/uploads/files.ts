import { rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";

/**
 * Deletes stored files whose rows are gone (after the deleting transaction committed: a rollback
 * must not leave a row without its file). A file that cannot be removed now is logged and left
 * for the upload sweeper, which removes files without a row.
 */
export async function removeUploadFiles(
  uploadsDir: string,
  ids: string[],
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  for (const id of ids) {
    await rm(path.join(uploadsDir, id), { force: true }).catch((error: unknown) =>
      log?.warn({ upload_id: id, code: (error as { code?: string }).code }, "upload file not removed"),
    );
  }
}
