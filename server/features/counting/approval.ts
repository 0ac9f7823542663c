/**
 * Approval: any number of choices within the question's limits; most approvals win
 * (docs/counting.md § 4). Counted as block plurality is: one vote to each chosen candidate; only the
 * limits a ballot must respect differ, and validateBallot holds those.
 */
import { countBlock } from "./block";

export const countApproval: typeof countBlock = countBlock;
