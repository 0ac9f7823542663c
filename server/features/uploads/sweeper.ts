import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { inList } from "../../db/params";
import { candidates, channels, uploads } from "../../db/schema";
import { every } from "../../lib/every";
import { shownByNoMessage } from "../posts/removal";
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

/** Files with no row are looked for this often (and at each start): a look lists every stored file. */
export const STRAYS_EVERY_MS = 24 * 60 * 60_000;
/** A later pass also looks this far behind the last pass's cutoff: a row committed late with an earlier time. */
const WINDOW_MARGIN_MS = 10 * 60_000;

/**
 * One pass of the uploads' housekeeping, through the storage interface and safe with several
 * processes at once:
 * 1. attachments uploaded over an hour ago (by the injected clock) that no message uses are
 *    deleted, row then file;
 * 2. candidates' photos uploaded over a day ago that no candidate and no channel's voting settings
 *    name are deleted likewise;
 * 3. with `strays`, stored files older than that with no row (their row went with a deleted
 *    channel or organization, or the process stopped between commit and removal) are removed, and
 *    so are writes of uploads that never finished.
 * An attachment becomes an orphan by never being sent: a message deleted takes its file along,
 * and so does a channel deleted, with those its forwarded copies showed (posts/removal.ts). So a
 * pass given the last one's moment (`lastPass`) looks only at the attachments whose grace ended
 * since then (uploads_kind_created_idx), not at every one ever sent: at 100,000 attachments, each
 * pass read them all and every message's (180 ms on the embedded database, every 5 minutes). The
 * worker's first pass, and its daily one, look at all (a message and its copy deleted at the same
 * moment each still see the other, and neither takes the file). A photo is left by a candidate
 * replaced at any age, so every photo is looked at, each pass (few: the index reads them alone).
 */
export async function sweepUploads(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  options: { lastPass?: Date; strays?: boolean } = {},
): Promise<{ orphans: number; strays: number }> {
  const { lastPass, strays = true } = options;
  const now = ctx.clock.now().getTime();
  const removed = await ctx.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.kind, "attachment"),
        lt(uploads.createdAt, new Date(now - ORPHAN_GRACE_MS)),
        // Not before the last pass's own window.
        lastPass
          ? gte(uploads.createdAt, new Date(lastPass.getTime() - ORPHAN_GRACE_MS - WINDOW_MARGIN_MS))
          : undefined,
        shownByNoMessage(),
      ),
    )
    .returning({ id: uploads.id });
  const photos = await ctx.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.kind, "candidate_photo"),
        lt(uploads.createdAt, new Date(now - PHOTO_GRACE_MS)),
        sql`not exists (select 1 from ${candidates} c where c.image_url = ${UPLOAD_PATH} || ${uploads.id}::text)`,
        sql`not exists (select 1 from ${channels} ch where strpos(ch.voting_settings::text, ${uploads.id}::text) > 0)`,
      ),
    )
    .returning({ id: uploads.id });
  await removeUploadFiles(
    ctx.storage,
    [...removed, ...photos].map((row) => row.id),
  );
  const orphans = removed.length + photos.length;
  if (!strays) return { orphans, strays: 0 };
  const cutoff = new Date(now - ORPHAN_GRACE_MS);
  const unfinished = await ctx.storage.removeUnfinished(cutoff);
  return { orphans, strays: unfinished + (await removeStrays(ctx, cutoff)) };
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

/**
 * Runs the sweep every five minutes, each pass after the first looking only at the attachments
 * whose grace ended since the last, and at every upload and for files with no row once a day;
 * returns the stop function.
 */
export function startUploadSweeper(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  log: FastifyBaseLogger,
): () => void {
  let lastPass: Date | undefined;
  let straysLooked = Number.NEGATIVE_INFINITY;
  return every(TICK_MS, "upload sweeper", log, async () => {
    const now = ctx.clock.now();
    const strays = now.getTime() - straysLooked >= STRAYS_EVERY_MS;
    // The daily pass looks at every attachment too.
    const swept = await sweepUploads(ctx, { lastPass: strays ? undefined : lastPass, strays });
    // Only a pass that finished moves the window: a failed one is looked at again.
    lastPass = now;
    if (strays) straysLooked = now.getTime();
    if (swept.orphans || swept.strays) log.info(swept, "uploads swept");
  });
}
