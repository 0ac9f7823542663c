import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { inList } from "../../db/params";
import { candidates, channels, posts, uploads } from "../../db/schema";
import { every } from "../../lib/every";
import { removeUploadFiles } from "./files";
import { uploadUrl } from "./store";

/** What every upload's address starts with (`uploadUrl`), as candidates' image_url holds it. */
const UPLOAD_PATH = uploadUrl("");

/** An attachment no message uses is kept this long (time to write the message), then deleted. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/**
 * A candidate's photo no ballot names is kept this long (an administrator may spend a while on a
 * ballot before saving it), then deleted.
 */
export const PHOTO_GRACE_MS = 24 * 60 * 60_000;
const TICK_MS = 5 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One pass of the uploads' housekeeping, through the storage interface and safe with several
 * processes at once:
 * 1. attachments uploaded over an hour ago (by the injected clock) that no message uses are
 *    deleted, row then file;
 * 2. candidates' photos uploaded over a day ago that no candidate and no channel's voting settings
 *    name are deleted likewise;
 * 3. stored files older than that with no row (their row went with a deleted channel or
 *    organization, or the process stopped between commit and removal) are removed, and so are
 *    writes of uploads that never finished.
 */
export async function sweepUploads(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
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
  const photoCutoff = new Date(ctx.clock.now().getTime() - PHOTO_GRACE_MS);
  const photos = await ctx.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.kind, "candidate_photo"),
        lt(uploads.createdAt, photoCutoff),
        sql`not exists (select 1 from ${candidates} c where c.image_url = ${UPLOAD_PATH} || ${uploads.id}::text)`,
        sql`not exists (select 1 from ${channels} ch where strpos(ch.voting_settings::text, ${uploads.id}::text) > 0)`,
      ),
    )
    .returning({ id: uploads.id });
  await removeUploadFiles(
    ctx.storage,
    [...removed, ...photos].map((row) => row.id),
  );
  const unfinished = await ctx.storage.removeUnfinished(cutoff);
  return { orphans: removed.length + photos.length, strays: unfinished + (await removeStrays(ctx, cutoff)) };
}

async function removeStrays(ctx: Pick<AppContext, "db" | "storage">, cutoff: Date): Promise<number> {
  const old: string[] = [];
  for await (const file of ctx.storage.list())
    if (UUID.test(file.key) && file.modifiedAt < cutoff) old.push(file.key);
  const rows = old.length
    ? await ctx.db.select({ id: uploads.id }).from(uploads).where(inList(uploads.id, old))
    : [];
  const kept = new Set(rows.map((row) => row.id));
  const strays = old.filter((key) => !kept.has(key));
  await ctx.storage.remove(strays);
  return strays.length;
}

/** Runs the sweep every five minutes; returns the stop function. */
export function startUploadSweeper(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  log: FastifyBaseLogger,
): () => void {
  return every(TICK_MS, "upload sweeper", log, async () => {
    const { orphans, strays } = await sweepUploads(ctx);
    if (orphans || strays) log.info({ orphans, strays }, "uploads swept");
  });
}
