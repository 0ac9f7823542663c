import { randomBytes } from "node:crypto";
import { type Placeholder, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type CastVoteResult,
  type ChainHead,
  electionMessages,
  receiptMessage,
} from "../../../contract/elections";
import type { castVoteInput } from "../../../contract/elections-input";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { prepared } from "../../db/prepared";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { sha256 } from "../../lib/crypto";
import { isUniqueViolation } from "../../lib/db-errors";
import type { GuessGuard } from "../accounts/guesses";
import { requirePasswordIfChosen } from "../accounts/reconfirm";
import type { User } from "../accounts/sessions";
import type { VotingMonitor } from "../monitoring/monitor";
import { checkSelections } from "./ballot-check";

/** A receipt: 130 random bits, shown once, grouped for reading (VS-XXXX-…). */
function newReceipt(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let text = "";
  for (const byte of randomBytes(26)) text += alphabet[byte % 32];
  return `VS-${text.match(/.{1,4}/g)?.join("-")}`;
}

export function receiptHash(receipt: string, positionId: string): string {
  return sha256(receiptMessage(receipt, positionId));
}

/** A PostgreSQL array literal of values the schema already checked (uuids, hex hashes). */
const arrayOf = (values: string[]) => `{${values.join(",")}}`;

/** The election's frozen verification rules (`e`), or its channel's while it has not opened. */
const twoFactorRequired = sql`coalesce((e.security_settings ->> 'twoFactor')::boolean, (select (c.security_settings ->> 'twoFactor')::boolean from channels c where c.id = e.channel_id), false)`;

/**
 * How many selections answer a question of this election (`e`): a candidate who stands for a
 * plurality question, or an answer (checked against its question before the write) to one of its questions.
 */
const validSelections = (
  positions: string | Placeholder,
  chosen: string | Placeholder,
) => sql`(select count(*) from unnest(${positions}::uuid[], ${chosen}::uuid[]) as s(position_id, candidate_id)
  join election_positions p on p.id = s.position_id and p.election_id = e.id
  where case when s.candidate_id is null then p.method ->> 'kind' <> 'plurality' or p.blank
    else p.method ->> 'kind' = 'plurality' and exists (select 1 from candidates k where k.id = s.candidate_id and k.position_id = s.position_id) end)`;

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

interface CastRow {
  granted: number;
  organization_id: string | null;
  head: ChainHead | null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The one write of a vote, every rule inside it (see castVote). Named and prepared: PostgreSQL
 * parses it once per pooled connection and keeps its plan, where an unnamed statement is planned
 * on every vote (as long as it takes to run). Its text never varies: every value is a placeholder.
 */
const castStatement = prepared<CastRow>(
  "cast_vote",
  sql`
      with allowed as (
        select e.organization_id from elections e
        where e.id = ${p("electionId")} and e.status = 'active' and e.starts_at <= ${p("now")} and e.ends_at > ${p("now")}
          and exists (select 1 from organization_memberships m where m.organization_id = e.organization_id and m.user_id = ${p("voterId")})
          and exists (select 1 from election_voters r where r.election_id = e.id and r.user_id = ${p("voterId")})
          and not exists (select 1 from organizations o where o.id = e.organization_id and o.status = 'suspended')
          and not exists (select 1 from voting_sessions v where v.election_id = e.id and v.user_id = ${p("voterId")} and v.status = 'blocked')
          and (${p("totp")}::boolean or not ${twoFactorRequired})
          and ${validSelections(p("positions"), p("chosen"))} = cardinality(${p("positions")}::uuid[])
      ),
      spent as (
        update verification_grants set used_at = ${p("now")}
        where id = ${p("grantId")} and user_id = ${p("voterId")} and election_id = ${p("electionId")}
          and used_at is null and expires_at > ${p("now")} and exists (select 1 from allowed)
        returning id
      ),
      voted as (
        insert into participations (election_id, position_id, user_id)
        select ${p("electionId")}::uuid, s.position_id, ${p("voterId")}::uuid
        from unnest(${p("positions")}::uuid[]) as s(position_id) where exists (select 1 from spent)
        returning position_id
      ),
      cast_ballots as (
        insert into ballots (election_id, position_id, candidate_id, answer, receipt_hash)
        select ${p("electionId")}::uuid, s.position_id, s.candidate_id, nullif(${p("answers")}::jsonb -> (s.n::int - 1), 'null'::jsonb), s.receipt_hash
        from unnest(${p("positions")}::uuid[], ${p("chosen")}::uuid[], ${p("hashes")}::text[]) with ordinality as s(position_id, candidate_id, receipt_hash, n)
        where exists (select 1 from spent)
        returning 1
      )
      select (select count(*)::int from spent) as granted, (select organization_id from allowed) as organization_id,
        (select count(*)::int from voted) as voted, (select count(*)::int from cast_ballots) as ballots,
        (select json_build_object('sequence', h.sequence, 'root', h.root) from seals h
          where h.election_id = ${p("electionId")} order by h.sequence desc limit 1) as head`,
);

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
  voter: User;
  electionId: string;
  input: z.output<typeof castVoteInput>;
  /** Told of each duplicate attempt (security monitoring), with the request's address. */
  monitor?: VotingMonitor;
  ip?: string;
  /** The "Require password to vote" check is a guess at the password: throttled as sign-in is. */
  guard: GuessGuard;
}): Promise<CastVoteResult> {
  const { db, clock, voter, electionId, input, monitor } = options;
  const who = { userId: voter.id, electionId, ip: options.ip ?? "" };
  const now = clock.now();
  const positionIds = input.selections.map((s) => s.position_id);
  if (new Set(positionIds).size !== positionIds.length) throw badRequest(electionMessages.wrongCandidate);
  const checked = await checkSelections(db, { electionId, voterId: voter.id, selections: input.selections });
  await requirePasswordIfChosen(options.guard, voter, input.password, who.ip, {
    needed: electionMessages.passwordNeeded,
    wrong: electionMessages.passwordWrong,
  });
  const positions = arrayOf(positionIds);
  const count = positionIds.length;
  if (!checked) {
    // A question that is not this election's: nothing is written; the refusal says which rule was broken.
    await explainRefusal(db, { voter, electionId, now, positions, chosen: "{}", count });
    throw badRequest(electionMessages.wrongCandidate);
  }
  const chosen = arrayOf(checked.map((c) => c.candidateId ?? "NULL"));
  const answers = JSON.stringify(checked.map((c) => c.answer));

  const receipt = newReceipt();
  const hashes = arrayOf(positionIds.map((positionId) => receiptHash(receipt, positionId)));
  let written: { rows: CastRow[] };
  try {
    written = await castStatement(db).execute({
      electionId,
      now,
      voterId: voter.id,
      totp: voter.totpEnabled,
      positions,
      chosen,
      grantId: input.grant_id,
      answers,
      hashes,
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      await monitor?.duplicateAttempt(who);
      throw conflict(electionMessages.alreadyVoted);
    }
    throw error;
  }
  const outcome = written.rows[0];
  if (outcome?.granted && outcome.organization_id) {
    return {
      success: true,
      message: electionMessages.voteCast,
      receipt,
      position_ids: positionIds,
      head: outcome.head,
    };
  }
  // Refused: a second look says which rule, in the spec's words.
  const broken = await explainRefusal(db, { voter, electionId, now, positions, chosen, count });
  if (broken === "already_voted") await monitor?.duplicateAttempt(who);
  throw broken === "already_voted"
    ? conflict(electionMessages.alreadyVoted)
    : forbidden(electionMessages.grantMissing);
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
  if (!check?.member) throw notFound(electionMessages.electionNotFound);
  if (check.suspended) throw forbidden(messages.organizationSuspended);
  if (check.blocked) throw forbidden(messages.votingSessionBlocked);
  if (!check.open) throw forbidden(electionMessages.notOpen);
  if (!check.on_roll) throw forbidden(electionMessages.notOnRoll);
  if (check.two_factor && !voter.totpEnabled) throw forbidden(electionMessages.twoFactorNeeded);
  if (check.valid !== options.count) throw badRequest(electionMessages.wrongCandidate);
  return check.voted ? "already_voted" : "grant";
}
