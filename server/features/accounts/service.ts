import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  passwordResetConfirmInput,
  registerOrganizationInput,
  registerVoterInput,
} from "../../../contract/accounts-input";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { organizationMemberships, organizations, passwordResets, users } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import {
  dummyPasswordHash,
  hashPassword,
  keyedHash,
  newInviteCode,
  newToken,
  sha256,
  verifyPassword,
} from "../../lib/crypto";
import { isUniqueViolation } from "../../lib/db-errors";
import { emailTo, queueMessage } from "../../lib/outbox/queue";
import { passwordReset } from "../../lib/outbox/templates";
import { createDefaultChannels } from "../channels/defaults";
import { recordAccountEvent } from "./events";
import { forgetGuesses } from "./guesses";
import { endOtherSessions, type SessionEnding, type User, userColumns } from "./sessions";

const RESET_LINK_MINUTES = 30;

/** The voter's ID number is kept only as this keyed hash. */
export function hashIdNumber(secretKey: string, idNumber: string): string {
  // Spaces, dashes and invisible format characters (a zero-width space or direction mark pasted with
  // it) are no part of the number, wherever they are: from a form, a voter list or a check alike.
  return keyedHash(secretKey, "voter-id", idNumber.replace(/[\s\p{Cf}-]/gu, "").toUpperCase());
}

const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select(userColumns).from(users).where(emailIs(email));
  return user;
}

/**
 * Registration met an address that already has an account. Never answered as such (that would tell
 * anyone which addresses have accounts): `registration.ts` answers as for a new account and tells
 * the address's owner by e-mail.
 */
export class AddressTaken extends Error {}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<User> {
  try {
    const [user] = await db.insert(users).values(values).returning(userColumns);
    if (!user) throw new AppError("internal", messages.registrationFailed);
    return user;
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_key")) throw new AddressTaken();
    throw error;
  }
}

export async function registerVoter(
  db: Db,
  secretKey: string,
  input: z.output<typeof registerVoterInput>,
): Promise<User> {
  return insertUser(db, await newVoter(secretKey, input));
}

/**
 * A voter account's row, its password hashed: made before any transaction that inserts it (argon2
 * inside one would hold the database; lib/crypto.ts refuses it).
 */
export async function newVoter(
  secretKey: string,
  input: z.output<typeof registerVoterInput>,
): Promise<typeof users.$inferInsert> {
  return {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.full_name,
    userType: "voter",
    phoneNumber: input.phone_number,
    idType: input.id_type,
    voterIdHash: hashIdNumber(secretKey, input.id_number),
  };
}

/** Creates the organization user, the organization they own (active) and their admin membership, together. */
export async function registerOrganization(
  db: Db,
  input: z.output<typeof registerOrganizationInput>,
): Promise<{ user: User; organizationId: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx as unknown as Db, {
      email: input.email,
      passwordHash,
      fullName: input.full_name,
      userType: "organization",
    });
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.organization,
        country: input.country,
        // Where the organization is, until its profile says more: what the profile shows and search matches.
        location: input.country,
        ownerId: user.id,
        inviteCode: newInviteCode(),
      })
      .returning({ id: organizations.id });
    if (!organization) throw new AppError("internal", messages.registrationFailed);
    await tx
      .insert(organizationMemberships)
      .values({ organizationId: organization.id, userId: user.id, role: "admin" });
    await createDefaultChannels(tx, organization.id, user.id);
    const [updated] = await tx
      .update(users)
      .set({ organizationId: organization.id })
      .where(eq(users.id, user.id))
      .returning(userColumns);
    return { user: updated ?? user, organizationId: organization.id };
  });
}

/**
 * Checks an e-mail and password. Voter accounts and organization accounts share one table, so the
 * spec's "voter first, then organization" is one lookup; unknown accounts cost the same time.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<User | null> {
  // The hash with the account, in the one read an unknown address costs too.
  const [found] = await db
    .select({ user: userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(emailIs(email));
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);
  return found && ok ? found.user : null;
}

/** Sends a one-time reset link when the account exists; the answer never says whether it does. */
export async function requestPasswordReset(
  db: Db,
  clock: Clock,
  email: string,
  linkBase: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = newToken();
  const message = passwordReset({ link: `${linkBase}/reset-password/${token}`, minutes: RESET_LINK_MINUTES });
  const expiresAt = new Date(clock.now().getTime() + RESET_LINK_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ id: sha256(token), userId: user.id, expiresAt });
    await queueMessage(tx, { ...emailTo(user.email, message), expiresAt });
  });
}

/** The reset link of this token, while it is unused and unexpired. */
const liveReset = (token: string, now: Date) =>
  sql`${passwordResets.id} = ${sha256(token)} and ${passwordResets.usedAt} is null and ${passwordResets.expiresAt} > ${now}`;

/** Whether a reset link's token is one still unused and unexpired. */
export async function resetLinkWorks(ctx: { db: Db; clock: Clock }, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(liveReset(token, ctx.clock.now()));
  return !!row;
}

/** Uses a reset link once: sets the password and ends every session of the account. */
export async function resetPassword(
  ctx: SessionEnding & { clock: Clock },
  input: z.output<typeof passwordResetConfirmInput>,
  userAgent: string | undefined,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(liveReset(input.token, now))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw badRequest(messages.resetInvalid);
    const email = await setPassword(tx, reset.userId, passwordHash, now);
    await recordAccountEvent(tx, {
      user: { id: reset.userId, email: email ?? "" },
      kind: "password_reset",
      userAgent,
      at: now,
    });
    if (email) await forgetGuesses(tx, "user", email);
    return reset.userId;
  });
  await endOtherSessions(ctx, userId);
}

/**
 * Gives the account a new password (already hashed) and answers its e-mail address. Every reset
 * link still unused dies with the old password: a copy of one in a mailbox would otherwise set it
 * again for up to 30 minutes.
 */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<string | undefined> {
  const [account] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return account?.email;
}
