import { and, countDistinct, eq, ne } from "drizzle-orm";
import { votingSessions } from "../../../db/schema";
import { plural, type RiskRule, type SessionRow } from "./types";

/** Fires when at least this many other voters of the organization used the same device. */
export const SHARED_DEVICE_MIN_OTHER_VOTERS = 1;

/** The sessions of other voters of the organization on this session's device. */
export const otherVotersOnDevice = (session: SessionRow) =>
  and(
    eq(votingSessions.organizationId, session.organizationId),
    eq(votingSessions.deviceHash, session.deviceHash ?? ""),
    ne(votingSessions.userId, session.userId),
  );

/**
 * One device hash used by several voters: one person may be voting for others. The device hash is
 * the browser's fingerprint (user agent, language, screen, time zone, canvas), so a shared family
 * computer fires it too: a reason to look, not proof.
 */
export const sharedDevice: RiskRule = {
  id: "shared_device",
  weight: 0.5,
  alert: { type: "device_anomaly", severity: "high" },
  async evaluate({ db, session }) {
    if (!session.deviceHash) return null;
    const [row] = await db
      .select({ n: countDistinct(votingSessions.userId) })
      .from(votingSessions)
      .where(otherVotersOnDevice(session));
    const others = row?.n ?? 0;
    if (others < SHARED_DEVICE_MIN_OTHER_VOTERS) return null;
    return `This device was also used by ${plural(others, "other voter")} of this organization`;
  },
};
