import type { FastifyBaseLogger } from "fastify";
import type { FileStorage } from "../../storage/index";

/**
 * Deletes stored files whose rows are gone (after the deleting transaction committed: a rollback
 * must not leave a row without its file). A file that cannot be removed now is logged and left
 * for the upload sweeper, which removes files without a row.
 */
export async function removeUploadFiles(
  storage: FileStorage,
  ids: string[],
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  for (const id of ids) {
    await storage.remove([id]).catch((error: unknown) => {
      const e = error as { code?: string; name?: string };
      log?.warn({ upload_id: id, code: e.code ?? e.name }, "upload file not removed");
    });
  }
}
