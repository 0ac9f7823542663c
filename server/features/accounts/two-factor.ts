import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { messages } from "../../../contract/messages";
import type { TotpSetup } from "../../../contract/organizations";
import type { Db } from "../../db/connect";
import { organizations, users } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { seal, unseal } from "../../lib/crypto";
import type { User } from "./sessions";

const PURPOSE = "totp";

function totpFor(user: Pick<User, "email">, secret: string): TOTP {
  return new TOTP({
    issuer: "Votespace",
    label: user.email,
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** Starts (or restarts) enrolment: a new secret, shown once as a QR code; not active until confirmed. */
export async function startTwoFactorSetup(db: Db, secretKey: string, user: User): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecret: seal(secretKey, PURPOSE, secret) })
    .where(eq(users.id, user.id));
  const url = totpFor(user, secret).toString();
  return { secret, otpauth_url: url, qr_data_url: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/** True when the code is the one the user's authenticator shows now (or one step either side). */
export function checkTotp(secretKey: string, user: User, code: string, clock: Clock): boolean {
  if (!user.totpSecret) return false;
  const secret = unseal(secretKey, PURPOSE, user.totpSecret);
  return (
    totpFor(user, secret).validate({ token: code, timestamp: clock.now().getTime(), window: 1 }) !== null
  );
}

/** Confirms enrolment with a code; an organization owner's organization then shows two-factor as on. */
export async function enableTwoFactor(
  db: Db,
  secretKey: string,
  clock: Clock,
  user: User,
  code: string,
): Promise<void> {
  if (!user.totpSecret) throw badRequest(messages.totpNotStarted);
  if (!checkTotp(secretKey, user, code, clock)) throw badRequest(messages.totpCodeInvalid);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: true }).where(eq(users.id, user.id));
    await tx.update(organizations).set({ twoFactorRequired: true }).where(eq(organizations.ownerId, user.id));
  });
}

export async function disableTwoFactor(
  db: Db,
  secretKey: string,
  clock: Clock,
  user: User,
  code: string,
): Promise<void> {
  if (user.totpEnabled && !checkTotp(secretKey, user, code, clock))
    throw badRequest(messages.totpCodeInvalid);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: false, totpSecret: null }).where(eq(users.id, user.id));
    await tx
      .update(organizations)
      .set({ twoFactorRequired: false })
      .where(eq(organizations.ownerId, user.id));
  });
}

/** Sign-in's second factor: required for users who enabled it. */
export function requireSecondFactor(
  secretKey: string,
  user: User,
  code: string | undefined,
  clock: Clock,
): void {
  if (!user.totpEnabled) return;
  if (!code) throw new AppError("two_factor_required", messages.totpRequired);
  if (!checkTotp(secretKey, user, code, clock)) throw new AppError("unauthorized", messages.totpCodeInvalid);
}
