import { DEFAULT_PERMISSIONS, DEFAULT_SECURITY_SETTINGS } from "../../../contract/channels";
import type { Tx } from "../../db/connect";
import { channels } from "../../db/schema";

/** Spec part 1 section 2: an organization's groups start with "General". */
export const DEFAULT_CHANNEL_NAME = "General";

/**
 * The channels every organization starts with, written in the transaction that creates it:
 * "General" in text, airing and live. The election group has no default channel: an election
 * channel needs its dates and candidates, so the sidebar offers to create the first one instead.
 */
export async function createDefaultChannels(
  tx: Tx,
  organizationId: string,
  createdBy: string,
): Promise<void> {
  await tx.insert(channels).values(
    (["text", "airing", "live"] as const).map((type) => ({
      organizationId,
      name: DEFAULT_CHANNEL_NAME,
      type,
      createdBy,
      securitySettings: DEFAULT_SECURITY_SETTINGS,
      permissions: DEFAULT_PERMISSIONS,
    })),
  );
}
