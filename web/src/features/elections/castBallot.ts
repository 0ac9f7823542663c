/**
 * Casting a ballot: loaded with the verification dialog, after the voter's first mark (not on the
 * ballot page's first load). The receipt is drawn here, in the voter's browser, and kept with the
 * answers before the cast is sent. An answer lost on its way back (the server stored the vote, then
 * the connection or the server went) still leaves the voter their receipt: it is shown once the
 * election says that those positions are voted (settleLost). The server keeps only its hashes. The
 * verification's grant is kept until a cast spends it (keepGrant), so that a cast tried again after a
 * failure that stored nothing does not ask the voter to verify again.
 */
import type { Ballot } from "../../../../contract/ballots/ballot";
import { drawReceipt } from "../../../../contract/bulletin";
import { type Election, electionMessages, GRANT_TTL_MINUTES, headText } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { keptForUser } from "../../api/keptForUser";
import type { Selection } from "./BallotForm";
import { forgetReceipt, type KeptReceipt, keepReceipt, receiptsFor } from "./receipts";

export interface Cast {
  receipt: string;
  /** The chain's head at the vote (VoteReceipt), not known for a cast whose answer was lost. */
  head?: string | null;
}

/**
 * The verification grant given to this page for each election and not yet spent, with when it ends
 * by this browser's clock. The server spends a grant only with a cast it stores, in the one write
 * (server cast-write.ts): after an answer that never came or a server error, the grant is sent again
 * (VerificationModal answers with it at once) while it is valid; a cast it already stored is then
 * refused as "already voted", as a new grant's would be. Page memory only: forgotten once a cast
 * is stored, when the server says to verify again (it expired, or was spent) or refuses voting,
 * and at sign-out.
 */
const grants = new Map<string, { id: string; until: number }>();
keptForUser(() => grants.clear());

/**
 * A grant given by a verification asked for at `askedAt` (Date.now()): the server counts its
 * GRANT_TTL_MINUTES from later, when it gave it, so it is valid here no longer than there.
 */
export function keepGrant(electionId: string, grantId: string, askedAt: number): void {
  grants.set(electionId, { id: grantId, until: askedAt + GRANT_TTL_MINUTES * 60_000 });
}

/** The election's grant kept unspent and still valid, if any. */
export function unspentGrant(electionId: string): string | null {
  const grant = grants.get(electionId);
  return grant && Date.now() < grant.until ? grant.id : null;
}

/**
 * Sends the cast with a receipt drawn here, kept (pending) before it goes. Resolves with the receipt
 * once cast; a refusal forgets it and throws the server's error; an answer that never came (or a
 * server error) keeps it pending and throws too (the vote may be in: settleLost says so once the
 * election is read again).
 */
export async function castBallot(options: {
  userId: string | undefined;
  electionId: string;
  grantId: string;
  password?: string;
  selections: Selection[];
  answers: Record<string, Ballot>;
}): Promise<Cast> {
  const { userId, electionId, selections, answers } = options;
  const receipt = drawReceipt();
  const choices = (of: (id: string) => boolean) => ({
    choices: Object.fromEntries(
      selections.flatMap((s) =>
        s.candidate_id && of(s.position_id) ? [[s.position_id, s.candidate_id]] : [],
      ),
    ),
    answers: Object.fromEntries(
      selections.flatMap((s) =>
        s.ballot && of(s.position_id) ? [[s.position_id, answers[s.position_id]]] : [],
      ),
    ),
  });
  const kept = { receipt, ...choices(() => true), cast_at: new Date().toISOString() };
  keepReceipt(userId, electionId, { ...kept, pending: true });
  try {
    const result = await call(electionsEndpoints.cast, {
      params: { id: electionId },
      body: {
        grant_id: options.grantId,
        receipt,
        selections,
        ...(options.password !== undefined && { password: options.password }),
      },
    });
    const head = result.head ? headText(result.head) : null;
    // An earlier cast of these positions whose answer was lost was not the one cast.
    for (const earlier of receiptsFor(userId, electionId))
      if (earlier.pending && positionsOf(earlier).some((id) => result.position_ids.includes(id)))
        forgetReceipt(userId, electionId, earlier.receipt);
    keepReceipt(userId, electionId, { ...kept, ...choices((id) => result.position_ids.includes(id)), head });
    grants.delete(electionId);
    return { receipt: result.receipt, head };
  } catch (failure) {
    // Refused (4xx): not cast. A server error may come after the commit: kept, as an answer lost.
    if (failure instanceof ApiError && failure.status < 500) forgetReceipt(userId, electionId, receipt);
    // The grant is spent only with a stored cast: kept, unless the server refused it ("Please verify
    // your identity": expired or spent) or voting itself (a new verification once voting is possible
    // again); not for a wrong password, which the password prompt asks again with the same grant.
    if (isForbidden(failure) && failure.message !== electionMessages.passwordWrong) grants.delete(electionId);
    throw failure;
  }
}

/**
 * A cast whose answer never came, settled by the election as read since: when every position it
 * answered is voted, and no receipt kept from another cast covers one of them, it was this cast
 * (its receipt kept for good and returned). Until then it stays pending: a read from before the
 * answer was lost cannot say that it was not cast, so it is forgotten only when a later cast of its
 * positions is answered (castBallot) or refused for good. Null while there is nothing to say.
 */
export function settleLost(userId: string | undefined, election: Election): Cast | null {
  const voted = new Set(election.viewer.voted_position_ids);
  const receipts = receiptsFor(userId, election.id);
  const covered = new Set(receipts.filter((r) => !r.pending).flatMap(positionsOf));
  for (const kept of receipts) {
    const positions = positionsOf(kept);
    if (!kept.pending || positions.some((id) => !voted.has(id) || covered.has(id))) continue;
    const { pending: _, ...cast } = kept;
    keepReceipt(userId, election.id, cast);
    return { receipt: kept.receipt };
  }
  return null;
}

/** A refusal by the rules (403), the server's electionServerMessages.grantMissing among them. */
const isForbidden = (failure: unknown): failure is ApiError =>
  failure instanceof ApiError && failure.code === "forbidden";

const positionsOf = (kept: KeptReceipt) => [...Object.keys(kept.choices), ...Object.keys(kept.answers ?? {})];
