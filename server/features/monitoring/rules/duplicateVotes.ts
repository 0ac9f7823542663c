import { plural, type RiskRule } from "./types";

/** Fires at this many attempts to vote again for a position already voted. */
export const DUPLICATE_VOTES_MIN = 2;

/**
 * Repeated duplicate vote attempts: the server refuses each (one ballot per voter and position),
 * but trying again and again past the refusal is a sign of someone probing.
 */
export const duplicateVotes: RiskRule = {
  id: "duplicate_votes",
  weight: 0.2,
  alert: { type: "identity_theft", severity: "low" },
  async evaluate({ session }) {
    if (session.duplicateAttempts < DUPLICATE_VOTES_MIN) return null;
    return `${plural(session.duplicateAttempts, "attempt")} to vote again for a position already voted`;
  },
};
