import { sql } from "drizzle-orm";
import type { z } from "zod";
import { chainKeyMessage, drawReceipt, receiptMessage } from "../../../contract/bulletin";
import { type CastVoteResult, electionMessages, electionServerMessages } from "../../../contract/elections";
import type { castVoteInput } from "../../../contract/elections-input";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import type { SessionInWrite } from "../../http/access";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import { isUniqueViolation } from "../../lib/db-errors";
import type { GuessGuard } from "../accounts/guesses";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import { touchDue, type User } from "../accounts/sessions";
import type { VotingMonitor } from "../monitoring/monitor";
import { checkSelections } from "./ballot-check";
import { answersItsQuestion, arrayOf, twoFactorRequired, type Written, writeVote } from "./cast-write";

export function receiptHash(receipt: string, positionId: string): string {
  return sha256(receiptMessage(receipt, positionId));
}

/** The ballot's chain key (contract chainKeyMessage): what its seal hashes, never published. */
export function chainKey(receipt: string, positionId: string): string {
  return sha256(chainKeyMessage(receipt, positionId));
}

/** How many selections answer a question of this election (`e`). */
const validSelections = (positions: string, chosen: string) =>
  sql`(select count(*) from unnest(${positions}::uuid[], ${chosen}::uuid[]) as s(position_id, candidate_id)
  join election_positions q on q.id = s.position_id and q.election_id = e.id where ${answersItsQuestion("s", "q")})`;

interface Checks {
  open: boolean;
  member: boolean;
  on_roll: boolean;
  suspended: boolean;
  blocked: boolean;
  two_factor: boolean;
  voted: boolean;
  valid: number;
}

/**
 * Who casts: a user already read, or the session of a route that reads it inside the write
 * (routeWithSessionInWrite). A voter with a session casts in one statement: the write finds them
 * by it, beside every other rule. Only when it is refused (the session not one to vote with, a
 * password to check, any rule broken) is the session read as any route reads it, and the vote then
 * goes as a signed-in user's does.
 */
export type Caster = { user: User } | { session: SessionInWrite };

/**
 * Casts one voter's answers, one per question (position). The rules, each enforced inside the one statement
 * that writes (so nothing can change between a check and the write): the election is active by
 * the server's clock; the organization is not suspended; the voter belongs to it and is on the roll;
 * no administrator blocked the voter's session in this election (security monitoring); every selection
 * answers a question of this election (a candidate who stands for a plurality question, or a ballot
 * that ballot-check.ts checked against its question before the write); a fresh, unused verification grant of this voter and
 * election is spent; and the voter has not voted for the position (the participation's primary
 * key holds that even against concurrent attempts). Participation (who) and ballot (what, found
 * by the receipt's hash) are separate rows with no link. Tallies are counted from the ballots, so
 * no counter row is shared by concurrent voters. Only when the write is refused does a second read
 * choose the message to give.
 */
export async function castVote(options: {
  db: Db;
  clock: Clock;
  by: Caster;
  electionId: string;
  input: z.output<typeof castVoteInput>;
  /** Told of each duplicate attempt (security monitoring), with the request's address. */
  monitor?: VotingMonitor;
  ip?: string;
  /** The "Require password to vote" check is a guess at the password: throttled as sign-in is. */
  guard: GuessGuard;
}): Promise<CastVoteResult> {
  const { db, clock, by, electionId, input, monitor } = options;
  let known = "user" in by ? by.user : null;
  const session = "session" in by ? by.session : null;
  const voter = async (): Promise<User> => {
    known ??= (await (session as SessionInWrite).resolve()).user;
    return known;
  };
  const ip = options.ip ?? "";
  const now = clock.now();
  const positionIds = input.selections.map((s) => s.position_id);
  if (new Set(positionIds).size !== positionIds.length)
    throw badRequest(electionServerMessages.answeredTwice);
  const checked = await checkSelections(db, {
    electionId,
    voterId: async () => (await voter()).id,
    selections: input.selections,
  });
  const positions = arrayOf(positionIds);
  const count = positionIds.length;
  const passwordIfChosen = (user: User) =>
    requirePasswordIfChosen(options.guard, user, input.password, ip, {
      needed: electionMessages.passwordNeeded,
      wrong: electionMessages.passwordWrong,
    });
  if (!checked) {
    // A question that is not this election's: nothing is written; the refusal says which rule was broken.
    const user = await voter();
    await passwordIfChosen(user);
    await explainRefusal(db, { voter: user, electionId, now, positions, chosen: "{}", count });
    throw badRequest(electionServerMessages.wrongCandidate);
  }

  const receipt = input.receipt?.toUpperCase() ?? drawReceipt();
  const selections = checked.map((c, i) => {
    const positionId = positionIds[i] as string;
    return { positionId, ...c, hash: receiptHash(receipt, positionId), key: chainKey(receipt, positionId) };
  });
  const write = async (user: User | null): Promise<Written> => {
    try {
      return await writeVote(db, {
        electionId,
        voterId: user?.id ?? null,
        sessionId: user ? null : (session as SessionInWrite).id,
        grantId: input.grant_id,
        totp: user?.totpEnabled ?? null,
        now,
        selections,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        await monitor?.duplicateAttempt({ userId: (await voter()).id, electionId, ip });
        throw conflict(electionMessages.alreadyVoted);
      }
      throw error;
    }
  };

  let written = known ? null : await write(null);
  if (written?.cast) {
    // Activity moves the session's idle expiry on, as any request's read of it does; the vote is
    // cast whatever that read answers.
    if (written.seen && touchDue(written.seen, now)) await voter().catch(() => undefined);
  } else if (!written?.found) {
    // Not a session to vote with alone: read as every route reads it, then cast as a signed-in
    // user's vote (the password asked first when the voter chose to give it). A session that
    // found its voter was refused by a rule, and a second write would be refused the same.
    const user = await voter();
    await passwordIfChosen(user);
    written = await write(user);
  }
  if (written.cast) {
    return {
      success: true,
      message: electionMessages.voteCast,
      receipt,
      position_ids: positionIds,
      head: written.head,
    };
  }
  // Refused: a second look says which rule, in the spec's words.
  const user = await voter();
  const chosen = arrayOf(checked.map((c) => c.candidateId ?? "NULL"));
  const broken = await explainRefusal(db, { voter: user, electionId, now, positions, chosen, count });
  if (broken === "already_voted") await monitor?.duplicateAttempt({ userId: user.id, electionId, ip });
  throw broken === "already_voted"
    ? conflict(electionMessages.alreadyVoted)
    : forbidden(electionServerMessages.grantMissing);
}

/**
 * Throws the message of the first rule the vote broke (the write itself already refused it). An
 * outsider learns nothing of another organization's election: 404, as every election route says.
 * A voter who already voted for a chosen position is told so, even when the grant was spent too
 * (a double submission whose sibling request cast the vote): "already voted", not "verify".
 */
async function explainRefusal(
  db: Db,
  options: { voter: User; electionId: string; now: Date; positions: string; chosen: string; count: number },
): Promise<"already_voted" | "grant"> {
  const { voter, electionId, now, positions, chosen } = options;
  const checked = (await db.execute(sql`
    select
      (e.status = 'active' and e.starts_at <= ${now} and e.ends_at > ${now}) as open,
      exists (select 1 from organization_memberships m where m.organization_id = e.organization_id and m.user_id = ${voter.id}) as member,
      exists (select 1 from election_voters r where r.election_id = e.id and r.user_id = ${voter.id}) as on_roll,
      exists (select 1 from organizations o where o.id = e.organization_id and o.status = 'suspended') as suspended,
      exists (select 1 from voting_sessions v where v.election_id = e.id and v.user_id = ${voter.id} and v.status = 'blocked') as blocked,
      ${twoFactorRequired} as two_factor,
      exists (select 1 from participations pa where pa.user_id = ${voter.id} and pa.position_id = any(${positions}::uuid[])) as voted,
      ${validSelections(positions, chosen)}::int as valid
    from elections e where e.id = ${electionId}`)) as unknown as { rows: Checks[] };
  const check = checked.rows[0];
  if (!check?.member) throw notFound(electionServerMessages.electionNotFound);
  if (check.suspended) throw forbidden(messages.organizationSuspended);
  if (check.blocked) throw forbidden(messages.votingSessionBlocked);
  if (!check.open) throw forbidden(electionMessages.notOpen);
  if (!check.on_roll) throw forbidden(electionServerMessages.notOnRoll);
  if (check.two_factor && !voter.totpEnabled) throw forbidden(electionMessages.twoFactorNeeded);
  if (check.valid !== options.count) throw badRequest(electionServerMessages.wrongCandidate);
  return check.voted ? "already_voted" : "grant";
}
