import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { TotpProofInput, TotpSetup } from "../../../contract/accounts";
import { messages } from "../../../contract/messages";
import { profileMessages } from "../../../contract/profile";
import { organizations, users } from "../../db/schema";
import { AppError, badRequest, forbidden } from "../../http/errors";
import { seal, unseal } from "../../lib/crypto";
import { recordAccountEvent } from "./events";
import { beginGuess, confirmPassword, type GuessGuard } from "./guesses";
import { requirePasswordIfChosen } from "./reconfirm";
import { secretsOf } from "./secrets";
import type { User } from "./sessions";

const PURPOSE = "totp";
const PERIOD_SECONDS = 30;

/** What two-factor needs: the throttle's parts, the key that seals secrets, and the caller's address. */
export interface TwoFactorContext {
  guard: GuessGuard;
  secretKey: string;
  ip: string;
  /** The device that asks, for the account's Recent Activity (events.ts). */
  userAgent?: string;
}

function totpFor(user: Pick<User, "email">, secret: string): TOTP {
  return new TOTP({
    issuer: "Votespace",
    label: user.email,
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Uses a code once: true when it is the one the user's authenticator shows now (or one step
 * either side) and no code of that step or a later one was accepted before. The step is recorded
 * in the same statement that checks it, so two requests with one code cannot both pass.
 */
async function spendTotpCode(
  guard: GuessGuard,
  secretKey: string,
  user: User,
  code: string,
  sealedSecret?: string,
): Promise<boolean> {
  const sealed = sealedSecret ?? (await secretsOf(guard.db, user.id))?.totpSecret;
  if (!sealed) return false;
  const now = guard.clock.now().getTime();
  const delta = totpFor(user, unseal(secretKey, PURPOSE, sealed)).validate({
    token: code,
    timestamp: now,
    window: 1,
  });
  if (delta === null) return false;
  const step = Math.floor(now / (PERIOD_SECONDS * 1000)) + delta;
  const used = await guard.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (used.length === 0) throw badRequest(messages.totpCodeUsed);
  return true;
}

/**
 * A guess at the user's current code, under the sign-in throttle; refused when wrong or used before.
 * `sealedSecret`: the secret as the caller already read it (enrolment), else read here.
 */
export async function requireCode(
  context: TwoFactorContext,
  user: User,
  code: string,
  sealedSecret?: string,
): Promise<void> {
  const guess = await beginGuess(context.guard, { realm: "user", account: user.email, ip: context.ip });
  if (!(await spendTotpCode(context.guard, context.secretKey, user, code, sealedSecret)))
    throw badRequest(messages.totpCodeInvalid);
  await guess.right();
}

/**
 * Re-enrolling or turning two-factor off replaces the factor that protects the account, so a
 * session alone (a borrowed laptop, a stolen cookie) is not enough: the current code, or the password.
 */
async function requireCurrentFactor(
  context: TwoFactorContext,
  user: User,
  proof: TotpProofInput,
  passwordChecked: boolean,
) {
  if (proof.code) return requireCode(context, user, proof.code);
  if (proof.password) {
    if (passwordChecked || (await confirmPassword(context.guard, user, proof.password, context.ip))) return;
    throw forbidden(profileMessages.currentPasswordWrong);
  }
  throw badRequest(messages.totpProofRequired);
}

/**
 * Starts (or restarts) enrolment: a new secret, shown once as a QR code; not active until confirmed.
 * With two-factor already on, only after proof of the current factor.
 */
export async function startTwoFactorSetup(
  context: TwoFactorContext,
  user: User,
  proof: TotpProofInput,
): Promise<TotpSetup> {
  const checked = await requirePasswordIfChosen(context.guard, user, proof.password, context.ip);
  if (user.totpEnabled) await requireCurrentFactor(context, user, proof, checked);
  const secret = new Secret({ size: 20 }).base32;
  await context.guard.db
    .update(users)
    .set({ totpSecret: seal(context.secretKey, PURPOSE, secret), totpLastStep: null })
    .where(eq(users.id, user.id));
  const url = totpFor(user, secret).toString();
  return { secret, otpauth_url: url, qr_data_url: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/** Confirms enrolment with a code; an organization owner's organization then shows two-factor as on. */
export async function enableTwoFactor(
  context: TwoFactorContext,
  user: User,
  code: string,
  password?: string,
): Promise<void> {
  const sealed = (await secretsOf(context.guard.db, user.id))?.totpSecret;
  if (!sealed) throw badRequest(messages.totpNotStarted);
  await requirePasswordIfChosen(context.guard, user, password, context.ip);
  await requireCode(context, user, code, sealed);
  await context.guard.db.transaction(async (tx) => {
    // On only for the secret the code was checked against: a setup started again meanwhile (another
    // tab), or two-factor turned off, leaves it off, where it would have locked the user out.
    const enabled = await tx
      .update(users)
      .set({ totpEnabled: true })
      .where(and(eq(users.id, user.id), eq(users.totpSecret, sealed)))
      .returning({ id: users.id });
    if (enabled.length === 0) throw badRequest(messages.totpNotStarted);
    await tx.update(organizations).set({ twoFactorRequired: true }).where(eq(organizations.ownerId, user.id));
    await recordAccountEvent(tx, {
      user,
      kind: "two_factor_on",
      userAgent: context.userAgent,
      at: context.guard.clock.now(),
    });
  });
}

export async function disableTwoFactor(
  context: TwoFactorContext,
  user: User,
  proof: TotpProofInput,
): Promise<void> {
  const checked = await requirePasswordIfChosen(context.guard, user, proof.password, context.ip);
  if (user.totpEnabled) await requireCurrentFactor(context, user, proof, checked);
  await context.guard.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx
      .update(organizations)
      .set({ twoFactorRequired: false })
      .where(eq(organizations.ownerId, user.id));
    if (user.totpEnabled)
      await recordAccountEvent(tx, {
        user,
        kind: "two_factor_off",
        userAgent: context.userAgent,
        at: context.guard.clock.now(),
      });
  });
}

/**
 * Sign-in's second factor, for users who enabled it: the code, used once. The caller's throttle
 * already counts this attempt (password and code are one guess at sign-in).
 */
export async function requireSecondFactor(
  context: Omit<TwoFactorContext, "ip">,
  user: User,
  code: string | undefined,
): Promise<void> {
  if (!user.totpEnabled) return;
  if (!code) throw new AppError("two_factor_required", messages.totpRequired);
  if (!(await spendTotpCode(context.guard, context.secretKey, user, code)))
    throw new AppError("unauthorized", messages.totpCodeInvalid);
}
