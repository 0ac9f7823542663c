import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { posts, uploads } from "../../db/schema";
import { every } from "../../lib/every";
import { removeUploadFiles } from "./files";

/** An attachment no message uses is kept this long (time to write the message), then deleted. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const TICK_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One pass of the uploads' housekeeping, safe with several processes at once:
 * 1. attachments uploaded over an hour ago (by the injected clock) that no message uses are
 *    deleted, row then file;
 * 2. files in the folder older than that with no row (their row went with a deleted channel or
 *    organization, or the process stopped between commit and removal) and temporary files of
 *    uploads that never finished are removed.
 */
export async function sweepUploads(
  ctx: Pick<AppContext, "db" | "clock" | "uploadsDir">,
): Promise<{ orphans: number; strays: number }> {
  const cutoff = new Date(ctx.clock.now().getTime() - ORPHAN_GRACE_MS);
  const removed = await ctx.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.kind, "attachment"),
        lt(uploads.createdAt, cutoff),
        sql`not exists (select 1 from ${posts} p where p.attachment_id = ${uploads.id})`,
      ),
    )
    .returning({ id: uploads.id });
  await removeUploadFiles(
    ctx.uploadsDir,
    removed.map((row) => row.id),
  );
  return { orphans: removed.length, strays: await removeStrays(ctx, cutoff) };
}

async function removeStrays(ctx: Pick<AppContext, "db" | "uploadsDir">, cutoff: Date): Promise<number> {
  const names = await readdir(ctx.uploadsDir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!UUID.test(name) && !name.startsWith(".incoming-")) continue;
    const info = await stat(path.join(ctx.uploadsDir, name)).catch(() => null);
    if (info && info.mtime < cutoff) old.push(name);
  }
  const ids = old.filter((name) => UUID.test(name));
  const kept = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, ids.slice(i, i + 500)));
    for (const row of rows) kept.add(row.id);
  }
  const strays = old.filter((name) => !kept.has(name));
  for (const name of strays) await rm(path.join(ctx.uploadsDir, name), { force: true });
  return strays.length;
}

/** Runs the sweep every five minutes; returns the stop function. */
export function startUploadSweeper(
  ctx: Pick<AppContext, "db" | "clock" | "uploadsDir">,
  log: FastifyBaseLogger,
): () => void {
  return every(TICK_MS, "upload sweeper", log, async () => {
    const { orphans, strays } = await sweepUploads(ctx);
    if (orphans || strays) log.info({ orphans, strays }, "uploads swept");
  });
}
