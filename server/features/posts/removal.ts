import { and, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { posts, uploads } from "../../db/schema";

/**
 * Deletes messages and, in the same transaction, the attachments no remaining message uses (a
 * forwarded copy shares its original's file and keeps it). Returns the ids of the uploads whose
 * rows went, for the caller to remove their files after commit (`removeUploadFiles`); from then on
 * they answer 404.
 */
export async function removePosts(db: Db, postIds: string[]): Promise<{ removedUploads: string[] }> {
  if (postIds.length === 0) return { removedUploads: [] };
  return db.transaction(async (tx) => {
    const attached = await tx
      .select({ id: posts.attachmentId })
      .from(posts)
      .where(and(inArray(posts.id, postIds), isNotNull(posts.attachmentId)));
    await tx.delete(posts).where(inArray(posts.id, postIds));
    const candidates = attached.flatMap((row) => (row.id ? [row.id] : []));
    if (candidates.length === 0) return { removedUploads: [] };
    const removed = await tx
      .delete(uploads)
      .where(
        and(
          inArray(uploads.id, candidates),
          ne(uploads.kind, "logo"),
          sql`not exists (select 1 from ${posts} p where p.attachment_id = ${uploads.id})`,
        ),
      )
      .returning({ id: uploads.id });
    return { removedUploads: removed.map((row) => row.id) };
  });
}
