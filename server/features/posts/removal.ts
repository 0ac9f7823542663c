import { and, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { posts, reports, uploads } from "../../db/schema";
import type { Bus } from "../../realtime/bus";
import { adminsTopic } from "../monitoring/announce";

/** An open report that went with its message: the administrators' lists are told (report.decided). */
export interface ClosedReport {
  id: string;
  organizationId: string;
}

/** What a removal took with it: uploads whose rows went (files to remove after commit), open reports. */
export interface Removed {
  removedUploads: string[];
  closedReports: ClosedReport[];
}

/**
 * Deletes messages and, in the same transaction, the attachments no remaining message uses (a
 * forwarded copy shares its original's file and keeps it). Returns the ids of the uploads whose
 * rows went, for the caller to remove their files after commit (`removeUploadFiles`); from then on
 * they answer 404. Also the open reports of those messages, which went with them.
 */
export async function removePosts(db: Db, postIds: string[]): Promise<Removed> {
  if (postIds.length === 0) return { removedUploads: [], closedReports: [] };
  return db.transaction((tx) => removePostsWhere(tx, inArray(posts.id, postIds)));
}

/**
 * removePosts for the messages `which` names (a condition on `posts`: a list of ids, or a whole
 * channel's), in the caller's transaction.
 */
export async function removePostsWhere(tx: Db, which: SQL | undefined): Promise<Removed> {
  const attached = await tx
    .selectDistinct({ id: posts.attachmentId })
    .from(posts)
    .where(and(which, isNotNull(posts.attachmentId)));
  const closedReports = await openReportsOf(
    tx,
    inArray(reports.postId, tx.select({ id: posts.id }).from(posts).where(which)),
  );
  await tx.delete(posts).where(which);
  const removedUploads = await removeUnusedUploads(
    tx,
    attached.flatMap((row) => (row.id ? [row.id] : [])),
  );
  return { removedUploads, closedReports };
}

/**
 * Of these uploads, deletes the rows of those no message shows any more (a logo is never an
 * attachment's), in the caller's transaction, after its messages were deleted; returns their ids.
 */
async function removeUnusedUploads(tx: Db, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const removed = await tx
    .delete(uploads)
    .where(and(inArray(uploads.id, candidates), ne(uploads.kind, "logo"), shownByNoMessage()))
    .returning({ id: uploads.id });
  return removed.map((row) => row.id);
}

/** The upload is no message's attachment (never sent, or its messages all deleted). */
export const shownByNoMessage = () =>
  sql`not exists (select 1 from ${posts} p where p.attachment_id = ${uploads.id})`;

/** The open reports of the messages `which` names (a condition on reports.post_id). */
function openReportsOf(tx: Db, which: SQL): Promise<ClosedReport[]> {
  return tx
    .select({ id: reports.id, organizationId: reports.organizationId })
    .from(reports)
    .where(and(eq(reports.status, "open"), which));
}

/** Tells the administrators' lists that these reports are decided (their message went). */
export async function announceClosedReports(bus: Bus, closed: ClosedReport[]): Promise<void> {
  for (const report of closed) {
    await bus.publish(adminsTopic(report.organizationId), "report.decided", {
      organization_id: report.organizationId,
      report_id: report.id,
    });
  }
}
