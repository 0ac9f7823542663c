/** Following invitations: their states for the administrator, a resend (a new link, the old one dead), a revoke. */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type Invitation,
  type InvitationState,
  type InvitationsOverview,
  voterListMessages,
} from "../../../contract/invitations";
import type { Db, Tx } from "../../db/connect";
import { invitations, outbox, voterLists } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { queueMessage } from "../../lib/outbox/queue";
import type { User } from "../accounts/sessions";
import { requireAdmin, requireManager } from "../organizations/policy";
import { findOrganization } from "../organizations/queries";
import { type InvitationContext, invitationMessage, newLink } from "./lists";

type Row = typeof invitations.$inferSelect;

export function invitationState(
  row: Pick<Row, "acceptedAt" | "revokedAt" | "expiresAt">,
  mail: string | null,
  now: Date,
): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  if (mail === "failed") return "failed";
  if (mail === "sent") return "delivered";
  return "sent";
}

export async function invitationsOverview(
  db: Db,
  clock: Clock,
  admin: User,
  organizationId: string,
): Promise<InvitationsOverview> {
  await requireAdmin(db, admin, organizationId);
  const [lists, rows] = await Promise.all([
    db
      .select({
        id: voterLists.id,
        name: voterLists.name,
        createdAt: voterLists.createdAt,
        // A revoked invitation is no longer one (its address may be invited again, a row of its own).
        invited: sql<number>`count(${invitations.id}) filter (where ${invitations.revokedAt} is null)::int`,
        joined: sql<number>`count(${invitations.acceptedAt})::int`,
      })
      .from(voterLists)
      .leftJoin(invitations, eq(invitations.listId, voterLists.id))
      .where(eq(voterLists.organizationId, organizationId))
      .groupBy(voterLists.id)
      .orderBy(desc(voterLists.createdAt)),
    db
      .select({ invitation: invitations, mail: outbox.state, failure: outbox.lastError })
      .from(invitations)
      .leftJoin(outbox, eq(outbox.id, invitations.outboxId))
      .where(eq(invitations.organizationId, organizationId))
      .orderBy(desc(invitations.sentAt), invitations.email),
  ]);
  const now = clock.now();
  return {
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      created_at: l.createdAt.toISOString(),
      invited: Number(l.invited),
      joined: Number(l.joined),
    })),
    invitations: rows.map(({ invitation: row, mail, failure }): Invitation => {
      const state = invitationState(row, mail, now);
      return {
        id: row.id,
        list_id: row.listId,
        email: row.email,
        full_name: row.fullName,
        state,
        // Failed for good, or refused for now and waiting to be tried again (the mail server down).
        failure: state === "failed" || (state === "sent" && mail === "queued") ? failure : null,
        sent_at: row.sentAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        accepted_at: row.acceptedAt?.toISOString() ?? null,
        revoked_at: row.revokedAt?.toISOString() ?? null,
        accepted_user_id: row.acceptedUserId,
      };
    }),
  };
}

/** An e-mail whose link was replaced or withdrawn before it left is not sent (one already leaving goes). */
async function dropUnsent(tx: Db | Tx, outboxId: string | null, reason: string): Promise<void> {
  if (!outboxId) return;
  await tx
    .update(outbox)
    .set({ state: "failed", lastError: reason })
    .where(and(eq(outbox.id, outboxId), eq(outbox.state, "queued")));
}

async function invitationForAdmin(db: Db, admin: User, invitationId: string): Promise<Row> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
  if (!row) throw notFound(voterListMessages.invitationGone);
  await requireAdmin(db, admin, row.organizationId);
  return row;
}

/** A new link and e-mail in one transaction; the old token's hash is replaced, so the old link dies. */
export async function resendInvitation(
  ctx: InvitationContext,
  admin: User,
  invitationId: string,
): Promise<{ success: true; message: string }> {
  const { db } = ctx;
  const row = await invitationForAdmin(db, admin, invitationId);
  await requireManager(db, admin, row.organizationId);
  const organization = await findOrganization(db, row.organizationId);
  if (!organization) throw notFound(voterListMessages.invitationGone);
  const link = newLink(ctx);
  const message = invitationMessage(row.email, link, organization, admin.fullName);
  await db.transaction(async (tx) => {
    // The row locked first, and the e-mail it points at now read under the lock: a resend or revoke
    // at the same moment waits, so the e-mail this one replaces is the one dropped, never a newer one.
    const [current] = await tx
      .select({ outboxId: invitations.outboxId })
      .from(invitations)
      .where(eq(invitations.id, row.id))
      .for("update");
    // The e-mail first: the invitation points at it.
    await queueMessage(tx, message);
    const [renewed] = await tx
      .update(invitations)
      .set({
        tokenHash: link.tokenHash,
        // The link it replaces is remembered (as its hash): opened, it says it was replaced.
        replacedTokenHashes: sql`array_append(${invitations.replacedTokenHashes}, ${invitations.tokenHash})`,
        expiresAt: link.expiresAt,
        outboxId: message.id,
        sentAt: ctx.clock.now(),
        invitedBy: admin.id,
      })
      .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    if (!renewed) throw badRequest(voterListMessages.cannotResend);
    await dropUnsent(tx, current?.outboxId ?? null, "Replaced by a newer invitation before it was sent");
  });
  return { success: true, message: voterListMessages.resent(row.email) };
}

export async function revokeInvitation(
  db: Db,
  clock: Clock,
  admin: User,
  invitationId: string,
): Promise<{ success: true; message: string }> {
  const row = await invitationForAdmin(db, admin, invitationId);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: clock.now() })
      .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      // The e-mail it points at as of this update (a resend that committed first replaced it).
      .returning({ id: invitations.id, outboxId: invitations.outboxId });
    if (!revoked) throw badRequest(voterListMessages.cannotRevoke);
    await dropUnsent(tx, revoked.outboxId, "Invitation withdrawn before it was sent");
  });
  return { success: true, message: voterListMessages.revoked(row.email) };
}
