/**
 * Importing a voter list: the preview (every row with its problems, the database's checks added)
 * and the sending (the list, one invitation per good row and its e-mail, in one transaction).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  INVITATION_DAYS,
  type VoterListInput,
  type VoterListPreview,
  type VoterListSent,
  voterListMessages,
} from "../../../contract/invitations";
import type { Db } from "../../db/connect";
import { chunksOf } from "../../db/params";
import { invitations, organizationMemberships, users, voterLists } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { newToken, sha256 } from "../../lib/crypto";
import { emailTo, type QueuedMessage, queueMessages } from "../../lib/outbox/queue";
import { invitation } from "../../lib/outbox/templates";
import { hashIdNumber } from "../accounts/service";
import type { User } from "../accounts/sessions";
import { requireAdmin, requireManager } from "../organizations/policy";
import { findOrganization } from "../organizations/queries";
import { readVoterList, type VoterRow } from "./csv";

export interface InvitationContext {
  db: Db;
  clock: Clock;
  /** PUBLIC_URL's origin: links in e-mails. */
  linkBase: string;
  secretKey: string;
}

/** The file's rows with their problems, those the database knows included (already a member, already invited). */
async function checkedRows(db: Db, organizationId: string, csv: string): Promise<VoterRow[]> {
  const read = readVoterList(csv);
  if ("error" in read) throw badRequest(read.error, "csv");
  const emails = [...new Set(read.rows.filter((r) => r.problems.length === 0).map((r) => r.email))];
  const [members, open] = emails.length
    ? await Promise.all([
        db
          .select({ email: sql<string>`lower(${users.email})` })
          .from(organizationMemberships)
          .innerJoin(users, eq(users.id, organizationMemberships.userId))
          .where(
            and(
              eq(organizationMemberships.organizationId, organizationId),
              inArray(sql`lower(${users.email})`, emails),
            ),
          ),
        db
          .select({ email: invitations.email })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, organizationId),
              inArray(invitations.email, emails),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          ),
      ])
    : [[], []];
  const memberSet = new Set(members.map((m) => m.email));
  const invitedSet = new Set(open.map((m) => m.email));
  for (const row of read.rows) {
    if (row.problems.length > 0) continue;
    if (memberSet.has(row.email)) row.problems.push("member");
    else if (invitedSet.has(row.email)) row.problems.push("invited");
  }
  return read.rows;
}

export async function previewVoterList(
  db: Db,
  admin: User,
  organizationId: string,
  input: VoterListInput,
): Promise<VoterListPreview> {
  await requireAdmin(db, admin, organizationId);
  const rows = await checkedRows(db, organizationId, input.csv);
  const good = rows.filter((r) => r.problems.length === 0).length;
  return {
    rows: rows.map(({ id_number, ...row }) => ({ ...row, has_id_number: id_number !== "" })),
    good,
    bad: rows.length - good,
  };
}

/** A new link for an invitation: the token (only in the e-mail) and what the database keeps of it. */
export function newLink(ctx: Pick<InvitationContext, "clock" | "linkBase">) {
  const token = newToken();
  return {
    token,
    tokenHash: sha256(token),
    url: `${ctx.linkBase}/invitation/${token}`,
    expiresAt: new Date(ctx.clock.now().getTime() + INVITATION_DAYS * 24 * 3600_000),
  };
}

/** The invitation e-mail for one link, with the outbox id the invitation row follows. */
export function invitationMessage(
  to: string,
  link: ReturnType<typeof newLink>,
  organization: { name: string; timezone: string },
  invitedBy: string,
): QueuedMessage {
  const letter = invitation({
    organization: organization.name,
    invitedBy,
    link: link.url,
    expiresAt: link.expiresAt,
    timeZone: organization.timezone,
  });
  return { ...emailTo(to, letter), expiresAt: link.expiresAt, id: randomUUID() };
}

/**
 * Sends the good rows' invitations. The file is read and checked again (the preview keeps no state
 * on the server); rows with a problem are skipped. The list, the invitations and their e-mails commit
 * together: an invitation never exists without its e-mail, nor the reverse. A concurrent import of
 * the same address fails on the open-invitation index and sends nothing.
 */
export async function sendVoterList(
  ctx: InvitationContext,
  admin: User,
  organizationId: string,
  input: VoterListInput,
): Promise<VoterListSent> {
  const { db } = ctx;
  await requireManager(db, admin, organizationId);
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw badRequest(voterListMessages.invitationGone);
  const rows = await checkedRows(db, organizationId, input.csv);
  const good = rows.filter((r) => r.problems.length === 0);
  if (good.length === 0) throw badRequest(voterListMessages.nothingToSend, "csv");

  // Everything but the list's id made before the transaction (the ID numbers' HMACs too): only
  // statements inside it, as PGlite runs one transaction at a time for the whole process.
  const now = ctx.clock.now();
  const prepared = good.map((row) => {
    const link = newLink(ctx);
    const message = invitationMessage(row.email, link, organization, admin.fullName);
    const invited = {
      organizationId,
      email: row.email,
      fullName: row.full_name,
      phoneNumber: row.phone_number,
      idType: row.id_type,
      voterIdHash: row.id_number ? hashIdNumber(ctx.secretKey, row.id_number) : null,
      weight: row.weight,
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
      outboxId: message.id,
      sentAt: now,
      invitedBy: admin.id,
    };
    return { message, invited };
  });
  const listId = await db.transaction(async (tx) => {
    const [list] = await tx
      .insert(voterLists)
      .values({ organizationId, name: input.filename, createdBy: admin.id, createdAt: now })
      .returning({ id: voterLists.id });
    if (!list) throw new Error("the voter list was not stored");
    await queueMessages(
      tx,
      prepared.map((p) => p.message),
    );
    for (const chunk of chunksOf(prepared))
      await tx.insert(invitations).values(chunk.map((p) => ({ ...p.invited, listId: list.id })));
    return list.id;
  });
  const skipped = rows.length - good.length;
  return {
    list_id: listId,
    sent: good.length,
    skipped,
    message: `${good.length} ${good.length === 1 ? "invitation" : "invitations"} sent${skipped ? `; ${skipped} ${skipped === 1 ? "row" : "rows"} skipped` : ""}.`,
  };
}
