import type { AccountEventKind } from "../../../contract/profile";
import type { Db } from "../../db/connect";
import { accountEvents } from "../../db/schema";
import { describeDevice } from "./device";

/**
 * Records a change to an account's security, in the change's own transaction, for its owner's
 * Recent Activity (profile/activity.ts): what changed, when, and the device that asked, as the
 * session list describes it (never its address, nor anything of the change itself).
 */
export async function recordAccountEvent(
  db: Db,
  event: { userId: string; kind: AccountEventKind; userAgent: string | undefined; at: Date },
): Promise<void> {
  await db.insert(accountEvents).values({
    userId: event.userId,
    kind: event.kind,
    device: describeDevice(event.userAgent ?? ""),
    createdAt: event.at,
  });
}
