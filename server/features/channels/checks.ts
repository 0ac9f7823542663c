import { eq } from "drizzle-orm";
import {
  type ChannelType,
  DEFAULT_SECURITY_SETTINGS,
  type DeliveredCodes,
  type SecuritySettings,
} from "../../../contract/channels";
import { messages } from "../../../contract/messages";
import type { Db, Tx } from "../../db/connect";
import { channels } from "../../db/schema";
import { badRequest, forbidden } from "../../http/errors";
import type { User } from "../accounts/sessions";

/**
 * What a channel's Security Settings ask of those who take part in it. "Two-factor" is enforced
 * here for every channel type: without two-factor sign-in on the account, one may read but not
 * post, comment, react or join the room (election channels apply it to casting a vote, in
 * the vote's one write, elections/cast-write.ts). "Email" and "Phone verification" choose the methods voters verify with
 * before voting, so they exist on election channels only: anywhere else they are refused and
 * never presented as on.
 */
export function twoFactorMissing(settings: SecuritySettings, user: Pick<User, "totpEnabled">): boolean {
  return settings.twoFactor && !user.totpEnabled;
}

export function refuseWithoutTwoFactor(settings: SecuritySettings, user: Pick<User, "totpEnabled">): void {
  if (twoFactorMissing(settings, user)) throw forbidden(messages.channelTwoFactorNeeded);
}

/** The same check when only the channel's id is at hand (a room session's channel). */
export async function requireChannelChecks(db: Db | Tx, user: User, channelId: string | null): Promise<void> {
  if (!channelId) return;
  const [row] = await db
    .select({ settings: channels.securitySettings })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (row) refuseWithoutTwoFactor(row.settings, user);
}

/** Settings a channel of this type may hold: e-mail or phone verification outside an election is refused. */
export function checkSecurityFor(type: ChannelType, settings: SecuritySettings | undefined): void {
  if (!settings || type === "election") return;
  if (settings.emailVerification || settings.phoneVerification)
    throw badRequest(messages.verificationElectionOnly);
}

/**
 * E-mail and phone verification send each voter a code, by e-mail or by text message: a server
 * whose codes reach no one that way (config.ts deliveredCodes) refuses to switch it on, rather than
 * leave voters waiting for a code. Checked where an administrator saves the settings; a channel that
 * had it on before (`before`) keeps it, its other switches still saved; a copy keeps its channel's.
 */
export function refuseUndeliveredCodes(
  settings: Pick<SecuritySettings, "emailVerification" | "phoneVerification"> | undefined,
  codes: DeliveredCodes,
  before: Pick<SecuritySettings, "emailVerification" | "phoneVerification"> = DEFAULT_SECURITY_SETTINGS,
): void {
  if (settings?.emailVerification && !before.emailVerification && !codes.email)
    throw badRequest(messages.emailCodesUnavailable);
  if (settings?.phoneVerification && !before.phoneVerification && !codes.phone)
    throw badRequest(messages.phoneCodesUnavailable);
}

/** The settings as they act on this channel type (an older row may hold a switch that never acted). */
export function effectiveSecurity(type: ChannelType, settings: SecuritySettings): SecuritySettings {
  return type === "election" ? settings : { ...settings, emailVerification: false, phoneVerification: false };
}
