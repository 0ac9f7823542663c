import type { AccountEventKind } from "../../../contract/profile";
import type { Db } from "../../db/connect";
import { accountEvents } from "../../db/schema";
import { emailTo, queueMessage } from "../../lib/outbox/queue";
import { securityChanged } from "../../lib/outbox/templates";
import { describeDevice } from "./device";

/**
 * Records a change to an account's security with the change (in its transaction where it writes
 * one), for its owner's Recent Activity (profile/activity.ts): what changed, when, and the device
 * that asked, as the session list describes it (never its address, nor anything of the change itself). A change to how
 * the account signs in is also e-mailed to it (templates.ts securityChanged says which): whoever made
 * it, its owner hears.
 */
export async function recordAccountEvent(
  db: Db,
  event: {
    user: { id: string; email: string };
    kind: AccountEventKind;
    userAgent: string | undefined;
    at: Date;
  },
): Promise<void> {
  const device = describeDevice(event.userAgent ?? "");
  await db
    .insert(accountEvents)
    .values({ userId: event.user.id, kind: event.kind, device, createdAt: event.at });
  const told = securityChanged({ change: event.kind, device });
  if (told) await queueMessage(db, emailTo(event.user.email, told));
}
