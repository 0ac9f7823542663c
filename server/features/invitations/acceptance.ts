/**
 * Using an invitation link: what it shows, joining with the signed-in account (the invited address's
 * own), or creating the account from it. The link works once: the invitation is locked, checked and
 * marked accepted in the transaction that adds the membership.
 */
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type InvitationPreview,
  type invitationAccountInput,
  voterListMessages,
} from "../../../contract/invitations";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { invitations, organizations } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import { AddressTaken, findUserByEmail, hashIdNumber, insertUser, newVoter } from "../accounts/service";
import type { User } from "../accounts/sessions";
import { addMember } from "../organizations/joining";

type Row = typeof invitations.$inferSelect;

/** The invitation a token opens, with why it no longer works in words. */
async function usable(db: Db, row: Row | undefined, now: Date, token: string): Promise<Row> {
  if (!row) {
    // A link a Resend replaced says so (the newer e-mail holds the one that works).
    const [replaced] = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(sql`${sha256(token)} = any(${invitations.replacedTokenHashes})`)
      .limit(1);
    throw replaced
      ? badRequest(voterListMessages.invitationReplaced)
      : notFound(voterListMessages.invitationInvalid);
  }
  if (row.acceptedAt) throw badRequest(voterListMessages.invitationUsed);
  if (row.revokedAt) throw badRequest(voterListMessages.invitationRevoked);
  if (row.expiresAt <= now) throw badRequest(voterListMessages.invitationExpired);
  return row;
}

export async function openInvitation(db: Db, clock: Clock, token: string): Promise<InvitationPreview> {
  const [found] = await db
    .select({ invitation: invitations, organization: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, sha256(token)));
  const row = await usable(db, found?.invitation, clock.now(), token);
  const organization = found?.organization;
  if (organization?.status !== "active") throw forbidden(messages.organizationUnavailable);
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      description: organization.description,
      logo_url: organization.logoUrl,
    },
    email: row.email,
    full_name: row.fullName,
    phone_number: row.phoneNumber,
    id_type: row.idType,
    expires_at: row.expiresAt.toISOString(),
    account_exists: (await findUserByEmail(db, row.email)) !== undefined,
  };
}

/**
 * Locks the token's invitation, checks it still works and is this account's, adds the membership
 * and marks it accepted, all in the caller's transaction. An invited account joins even where joins
 * wait for approval (the administrator invited it); an ID number held by another member does not.
 */
async function acceptIn(tx: Db, clock: Clock, user: User, token: string): Promise<Row> {
  const [locked] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256(token)))
    .for("update");
  const row = await usable(tx, locked, clock.now(), token);
  if (user.email.toLowerCase() !== row.email) throw forbidden(voterListMessages.wrongAccount(row.email));
  // A voter list invites voters: an organization account would join and never be on a roll.
  if (user.userType !== "voter") throw forbidden(voterListMessages.notVoterAccount);
  if (row.voterIdHash && user.voterIdHash && row.voterIdHash !== user.voterIdHash)
    throw forbidden(voterListMessages.idNumberMismatch);
  const [organization] = await tx
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (organization?.status === "suspended") throw forbidden(messages.organizationSuspendedToJoin);
  if (organization?.status !== "active") throw forbidden(messages.organizationUnavailable);
  if ((await addMember(tx, user, row.organizationId)) === "same_id_number")
    throw conflict(voterListMessages.sameIdNumber);
  await tx
    .update(invitations)
    .set({ acceptedAt: clock.now(), acceptedUserId: user.id })
    .where(sql`${invitations.id} = ${row.id} and ${invitations.acceptedAt} is null`);
  return row;
}

export async function acceptInvitation(
  db: Db,
  clock: Clock,
  user: User,
  token: string,
): Promise<{ organizationId: string; organizationName: string }> {
  const row = await db.transaction((tx) => acceptIn(tx as unknown as Db, clock, user, token));
  return { organizationId: row.organizationId, organizationName: await nameOf(db, row.organizationId) };
}

/**
 * A new voter account from the link, with the invited address (the link proves it), already a
 * member: the account, the membership and the used invitation commit together.
 */
export async function createAccountFromInvitation(
  db: Db,
  clock: Clock,
  secretKey: string,
  input: z.output<typeof invitationAccountInput>,
): Promise<{ user: User; organizationId: string; organizationName: string }> {
  const [found] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256(input.token)));
  const invited = await usable(db, found, clock.now(), input.token);
  if (invited.voterIdHash && invited.voterIdHash !== hashIdNumber(secretKey, input.id_number))
    throw badRequest(voterListMessages.idNumberMismatch, "id_number");
  const voter = await newVoter(secretKey, { ...input, email: invited.email });
  try {
    const { user, row } = await db.transaction(async (tx) => {
      const user = await insertUser(tx as unknown as Db, voter);
      const row = await acceptIn(tx as unknown as Db, clock, user, input.token);
      return { user, row };
    });
    return {
      user,
      organizationId: row.organizationId,
      organizationName: await nameOf(db, row.organizationId),
    };
  } catch (error) {
    if (error instanceof AddressTaken) throw conflict(voterListMessages.accountExists);
    throw error;
  }
}

async function nameOf(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? "";
}
