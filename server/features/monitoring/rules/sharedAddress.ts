import { and, countDistinct, eq, gte } from "drizzle-orm";
import { votingSessions } from "../../../db/schema";
import type { RiskRule } from "./types";

/** Fires when this many voters (this one included) were active from one IP address… */
export const SHARED_ADDRESS_MIN_VOTERS = 5;
/** …within this many minutes. */
export const SHARED_ADDRESS_WINDOW_MINUTES = 10;

/**
 * Many voters from one address in a short time: a batch of accounts driven from one place. A
 * campus or office behind one router fires it too, hence its modest weight.
 */
export const sharedAddress: RiskRule = {
  id: "shared_address",
  weight: 0.3,
  alert: { type: "suspicious_location", severity: "medium" },
  async evaluate({ db, session, now }) {
    if (!session.ipAddress) return null;
    const since = new Date(now.getTime() - SHARED_ADDRESS_WINDOW_MINUTES * 60_000);
    const [row] = await db
      .select({ n: countDistinct(votingSessions.userId) })
      .from(votingSessions)
      .where(
        and(
          eq(votingSessions.organizationId, session.organizationId),
          eq(votingSessions.ipAddress, session.ipAddress),
          gte(votingSessions.updatedAt, since),
        ),
      );
    const voters = row?.n ?? 0;
    if (voters < SHARED_ADDRESS_MIN_VOTERS) return null;
    return `${voters} voters from ${session.ipAddress} within ${SHARED_ADDRESS_WINDOW_MINUTES} minutes`;
  },
};
