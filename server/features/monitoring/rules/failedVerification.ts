import { and, count, eq } from "drizzle-orm";
import { verificationAttempts } from "../../../db/schema";
import { plural, type RiskRule } from "./types";

/** Fires at this many failed identity verifications of the voter in this election. */
export const FAILED_VERIFICATION_MIN = 3;

/**
 * Repeated failed verification: someone guessing an ID number or a code. Counted over the voter's
 * attempts in the election (every device), so a fresh session does not reset it.
 */
export const failedVerification: RiskRule = {
  id: "failed_verification",
  weight: 0.4,
  alert: { type: "identity_theft", severity: "high" },
  async evaluate({ db, session }) {
    let failures = session.failedVerifications;
    if (session.electionId) {
      const [row] = await db
        .select({ n: count() })
        .from(verificationAttempts)
        .where(
          and(
            eq(verificationAttempts.userId, session.userId),
            eq(verificationAttempts.electionId, session.electionId),
            eq(verificationAttempts.success, false),
          ),
        );
      failures = Math.max(failures, row?.n ?? 0);
    }
    if (failures < FAILED_VERIFICATION_MIN) return null;
    return `${plural(failures, "failed identity verification")} in this election`;
  },
};
