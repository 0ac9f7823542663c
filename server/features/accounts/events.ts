import type { AccountEventKind } from "../../../contract/profile";
import type { Db } from "../../db/connect";
import { accountEvents } from "../../db/schema";
import { emailTo, queueMessage } from "../../lib/outbox/queue";
import { securityChanged } from "../../lib/outbox/templates";
import { describeDevice } from "./device";

/**
 * Records a change to an account's security, in the change's own transaction, for its owner's
 * Recent Activity (profile/activity.ts): what changed, when, and the device that asked, as the
 * session list describes it (never its address, nor anything of the change itself). A new password
 * or two-factor turned on or off is also e-mailed to the account (a reset came from its mailbox).
 */
export async function recordAccountEvent(
  db: Db,
  event: { userId: string; email: string; kind: AccountEventKind; userAgent: string | undefined; at: Date },
): Promise<void> {
  const device = describeDevice(event.userAgent ?? "");
  await db
    .insert(accountEvents)
    .values({ userId: event.userId, kind: event.kind, device, createdAt: event.at });
  // A change to how the account signs in is also told by e-mail: whoever made it, its owner hears.
  if (event.kind === "password_changed" || event.kind === "two_factor_on" || event.kind === "two_factor_off")
    await queueMessage(db, emailTo(event.email, securityChanged({ change: event.kind, device })));
}
