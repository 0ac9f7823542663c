import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  electionServerMessages,
  GRANT_TTL_MINUTES,
  ID_MIN_LENGTH,
  type VerificationMethod,
  type VerificationResult,
  type VerificationStart,
} from "../../../contract/elections";
import type { confirmVerificationInput, startVerificationInput } from "../../../contract/elections-input";
import { verificationMessages } from "../../../contract/verification-messages";
import type { Db } from "../../db/connect";
import {
  elections,
  organizations,
  verificationAttempts,
  verificationCodes,
  verificationGrants,
} from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { keyedHash } from "../../lib/crypto";
import { emailTo, queueMessage, smsTo } from "../../lib/outbox/queue";
import { verificationCode } from "../../lib/outbox/templates";
import { hashIdNumber } from "../accounts/service";
import type { User } from "../accounts/sessions";
import type { VotingMonitor } from "../monitoring/monitor";

export interface VerificationContext {
  db: Db;
  clock: Clock;
  secretKey: string;
  ip: string;
  /** Security monitoring hears each outcome (the voter's session: verification, failed count, risk). */
  monitor?: VotingMonitor;
}

const codeHash = (secretKey: string, codeId: string, code: string) =>
  keyedHash(secretKey, `otp:${codeId}`, code);

async function record(
  ctx: VerificationContext,
  user: User,
  electionId: string,
  method: VerificationMethod,
  success: boolean,
) {
  const at = ctx.clock.now();
  await ctx.db
    .insert(verificationAttempts)
    .values({ userId: user.id, electionId, method, success, ip: ctx.ip, createdAt: at });
  await ctx.monitor?.verification({ userId: user.id, electionId, ip: ctx.ip }, success, at);
}

async function grant(ctx: VerificationContext, user: User, electionId: string, method: VerificationMethod) {
  const expiresAt = new Date(ctx.clock.now().getTime() + GRANT_TTL_MINUTES * 60_000);
  const [row] = await ctx.db
    .insert(verificationGrants)
    .values({ userId: user.id, electionId, method, expiresAt })
    .returning({ id: verificationGrants.id });
  if (!row) throw new Error("grant insert returned nothing");
  await record(ctx, user, electionId, method, true);
  return { status: "verified" as const, grant_id: row.id, expires_at: expiresAt.toISOString() };
}

/**
 * National ID is checked at once against the number the voter registered (both as keyed hashes);
 * Voter's Card and Phone get a new 6-digit code through the outbox (by e-mail to the address
 * on the account for the card, by SMS to the phone number), valid 5 minutes.
 */
export async function startVerification(
  ctx: VerificationContext,
  user: User,
  electionId: string,
  input: z.output<typeof startVerificationInput>,
): Promise<VerificationStart> {
  if (input.method === "national_id") {
    const matches =
      input.id_number.length >= ID_MIN_LENGTH &&
      user.voterIdHash !== null &&
      hashIdNumber(ctx.secretKey, input.id_number) === user.voterIdHash;
    if (!matches) {
      await record(ctx, user, electionId, "national_id", false);
      throw badRequest(electionServerMessages.invalidId);
    }
    return grant(ctx, user, electionId, "national_id");
  }

  const phone = user.phoneNumber?.trim();
  if (input.method === "phone" && !phone) throw badRequest(electionServerMessages.noPhone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(ctx.clock.now().getTime() + CODE_TTL_MINUTES * 60_000);
  const to = input.method === "phone" ? (phone as string) : user.email;
  const [named] = await ctx.db
    .select({ election: elections.title, organization: organizations.name })
    .from(elections)
    .innerJoin(organizations, eq(organizations.id, elections.organizationId))
    .where(eq(elections.id, electionId));
  const message = verificationCode({
    organization: named?.organization ?? "Votespace",
    election: named?.election ?? "your election",
    code,
    minutes: CODE_TTL_MINUTES,
  });
  // The code and its message commit together: a code that exists was sent, and none is sent for nothing.
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(verificationCodes)
      .values({ userId: user.id, electionId, method: input.method, codeHash: "pending", expiresAt })
      .returning({ id: verificationCodes.id });
    if (!row) throw new Error("code insert returned nothing");
    await tx
      .update(verificationCodes)
      .set({ codeHash: codeHash(ctx.secretKey, row.id, code) })
      .where(eq(verificationCodes.id, row.id));
    await queueMessage(tx, {
      ...(input.method === "phone" ? smsTo(to, message) : emailTo(to, message)),
      expiresAt,
    });
  });
  return { status: "code_sent", message: electionServerMessages.codeSent(mask(to)) };
}

/**
 * Checks the newest live code of that method; each wrong try counts, and the fifth kills it: that
 * try is told so ("tried too often"), not invited to try again. The count is raised and checked in
 * the one statement that also refuses a dead code, so tries at once cannot pass the limit.
 */
export async function confirmVerification(
  ctx: VerificationContext,
  user: User,
  electionId: string,
  input: z.output<typeof confirmVerificationInput>,
): Promise<VerificationResult> {
  const now = ctx.clock.now();
  const [code] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.electionId, electionId),
        eq(verificationCodes.method, input.method),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!code || code.expiresAt <= now || code.attempts >= CODE_MAX_ATTEMPTS) {
    await record(ctx, user, electionId, input.method, false);
    throw badRequest(electionServerMessages.codeExpired);
  }
  const live = and(
    eq(verificationCodes.id, code.id),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
    lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
  );
  if (codeHash(ctx.secretKey, code.id, input.code) !== code.codeHash) {
    const [tried] = await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(live)
      .returning({ attempts: verificationCodes.attempts });
    await record(ctx, user, electionId, input.method, false);
    if (!tried || tried.attempts >= CODE_MAX_ATTEMPTS) throw badRequest(electionServerMessages.codeExpired);
    throw badRequest(verificationMessages.invalidCode);
  }
  const consumed = await ctx.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(live)
    .returning({ id: verificationCodes.id });
  if (consumed.length === 0) throw badRequest(electionServerMessages.codeExpired);
  return grant(ctx, user, electionId, input.method);
}

/** a•••@example.org, •••• 0123 */
function mask(destination: string): string {
  if (destination.includes("@")) {
    const [name, domain] = destination.split("@");
    return `${name?.slice(0, 1)}•••@${domain}`;
  }
  return `•••• ${destination.replace(/\D/g, "").slice(-4)}`;
}
