import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { postMessages, type ReportsPage } from "../../../contract/posts";
import type { AppContext } from "../../context";
import type { Db } from "../../db/connect";
import { inList } from "../../db/params";
import { channels, posts, reports, users } from "../../db/schema";
import { forbidden, notFound } from "../../http/errors";
import type { User } from "../accounts/sessions";
import { isAdmin, requireMember, roleIn } from "../organizations/policy";
import { removeUploadFiles } from "../uploads/files";
import { postFor } from "./access";
import { loadPosts } from "./queries";
import { removePosts } from "./removal";

/**
 * Reports a message to the organization's administrators. A member's report stands once while it is
 * open: reporting it again answers the same and adds nothing (`reportId` null: no one to tell).
 */
export async function reportPost(db: Db, user: User, postId: string, reason: string) {
  const { post } = await postFor(db, user, postId);
  const [row] = await db
    .insert(reports)
    .values({ postId, organizationId: post.organizationId, reporterId: user.id, reason })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return { reportId: row?.id ?? null, organizationId: post.organizationId };
}

/**
 * The oldest `limit` open reports of the organization, for its administrators, and how many are
 * open in all: a queue worked from its oldest, each decision letting the next one in, never the
 * whole of it at once however many members report.
 */
export async function listReports(
  db: Db,
  user: User,
  organizationId: string,
  limit: number,
): Promise<ReportsPage> {
  const role = await requireMember(db, user, organizationId);
  if (!isAdmin(user, role)) throw forbidden(postMessages.reportAdminOnly);
  const open = and(eq(reports.organizationId, organizationId), eq(reports.status, "open"));
  const [rows, [counted]] = await Promise.all([
    oldestOpen(db, open, limit),
    db.select({ n: count() }).from(reports).where(open),
  ]);
  const openCount = counted?.n ?? 0;
  if (rows.length === 0) return { reports: [], open_count: openCount };
  const reported = await loadPosts(
    db,
    user.id,
    inList(
      posts.id,
      rows.map((row) => row.report.postId),
    ),
  );
  const loaded = new Map(reported.map((p) => [p.id, p]));
  return {
    reports: rows.flatMap((row) => {
      const post = loaded.get(row.report.postId);
      return post
        ? [
            {
              id: row.report.id,
              post,
              channel_name: row.channelName,
              reporter: row.reporter ? { id: row.reporter.id, full_name: row.reporter.fullName } : null,
              reason: row.report.reason,
              created_at: row.report.createdAt.toISOString(),
            },
          ]
        : [];
    }),
    open_count: openCount,
  };
}

/** The oldest open reports first (by time, then id), with their reporter and channel. */
function oldestOpen(db: Db, open: SQL | undefined, limit: number) {
  return db
    .select({
      report: reports,
      reporter: { id: users.id, fullName: users.fullName },
      channelName: channels.name,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .innerJoin(channels, eq(channels.id, posts.channelId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(open)
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
}

/** Dismisses a report, or removes the reported message (which closes every report of it). */
export async function decideReport(
  ctx: Pick<AppContext, "db" | "storage">,
  user: User,
  reportId: string,
  remove: boolean,
) {
  const { db } = ctx;
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  if (!report || !(await roleIn(db, user.id, report.organizationId))) throw notFound();
  if (!isAdmin(user, await roleIn(db, user.id, report.organizationId)))
    throw forbidden(postMessages.reportAdminOnly);
  const [post] = await db
    .select({ channelId: posts.channelId })
    .from(posts)
    .where(eq(posts.id, report.postId));
  const decided = {
    postId: report.postId,
    channelId: post?.channelId ?? null,
    organizationId: report.organizationId,
  };
  if (!remove) {
    await db.update(reports).set({ status: "dismissed" }).where(eq(reports.id, reportId));
    return { ...decided, closedReports: [{ id: report.id, organizationId: report.organizationId }] };
  }
  // Removing the message closes every open report of it.
  const { removedUploads, closedReports } = await removePosts(db, [report.postId]);
  await removeUploadFiles(ctx.storage, removedUploads);
  return { ...decided, closedReports };
}
