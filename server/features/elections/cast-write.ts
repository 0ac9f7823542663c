/**
 * The write of a vote: every vote that arrives while others are written goes with them in one
 * statement and one commit (castVotesSql), each checked by that statement against every rule on its
 * own. casting.ts says what the rules are and answers each vote.
 */
import { sql } from "drizzle-orm";
import type { Ballot } from "../../../contract/ballots/ballot";
import type { ChainHead } from "../../../contract/elections";
import type { Db } from "../../db/connect";
import { batchParam, perDatabase, prepared } from "../../db/prepared";
import { batched } from "../../lib/batched";
import { SESSION_LIFETIME_MS } from "../accounts/sessions";

/** A PostgreSQL array literal of values the schema already checked (uuids, hex hashes). */
export const arrayOf = (values: string[]) => `{${values.join(",")}}`;

/** The election's frozen verification rules (`e`), or its channel's while it has not opened. */
export const twoFactorRequired = sql`coalesce((e.security_settings ->> 'twoFactor')::boolean, (select (c.security_settings ->> 'twoFactor')::boolean from channels c where c.id = e.channel_id), false)`;

/**
 * Whether selection `c` (position_id, candidate_id) answers its question `q`: a candidate who stands
 * for a plurality question, or an answer (checked against its question before the write) to any other.
 */
export const answersItsQuestion = (c: string, q: string) =>
  sql.raw(`case when ${c}.candidate_id is null then ${q}.method ->> 'kind' <> 'plurality' or ${q}.blank
    else ${q}.method ->> 'kind' = 'plurality'
      and coalesce((select true from candidates k where k.id = ${c}.candidate_id and k.position_id = ${c}.position_id limit 1), false) end`);

/** One vote as the batch write takes it: its rules' inputs and its selections as they will be stored. */
export interface VoteToWrite {
  electionId: string;
  /** The voter, or null when the write finds them by `sessionId` (a session the request did not read). */
  voterId: string | null;
  sessionId: string | null;
  grantId: string;
  /** Whether the voter has two-factor sign-in on; null when the write reads it with the session. */
  totp: boolean | null;
  now: Date;
  selections: Array<{
    positionId: string;
    candidateId: string | null;
    answer: Ballot | null;
    hash: string;
    key: string;
  }>;
}

/**
 * What the write answers for one vote: whether it was cast (its grant spent), the chain's head
 * then, and for a vote given by its session, whether that session found a voter who may vote
 * with it alone (a voter, not asked for a password) and when it was last seen.
 */
export interface Written {
  cast: boolean;
  head: ChainHead | null;
  found: boolean;
  seen: Date | null;
}

interface WrittenRow {
  n: number;
  cast: boolean;
  head: ChainHead | null;
  found: boolean;
  /** As text: a raw statement reads times so on both databases (db/pglite-handles.ts). */
  seen: string | null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The one write of a batch of votes, every rule inside it for each vote on its own (casting.ts castVote says them).
 * Votes are rows of `votes` (arrays side by side), their selections rows of `choices`, tied by the
 * vote's number. A vote whose rules all hold spends its grant and writes its participations and
 * ballots; the others write nothing. A voter who already voted for a chosen position is refused
 * here, as the database stands; two votes of one voter in flight at once (in one batch or in two)
 * meet the participation's primary key, which fails the whole batch, and the batch's votes are then
 * written one at a time (castBatches), the second refused by the key as before. A grant is spent
 * once: two votes of a batch that bring the same one (a double submission) cast the first to arrive,
 * and the other is refused as already voted. A batch's ballots
 * go in the order of their receipts' hashes, not in the voters'. Named and prepared (planned once
 * per pooled connection, see batchParam); its text never varies. Every table is looked up for each
 * vote by its keys (laterals and scalar subqueries with a limit, which the planner neither flattens
 * nor hashes; `allowed` materialized, so each grant is found by its voter and election): joined, its plan hashed
 * every session, every active election, the election's positions and every candidate for each
 * batch while those tables were small (cast-plan.test.ts).
 */
export const castVotesSql = sql`
      with given as (
        select v.n::int as n, v.election_id, v.voter_id, v.session_id, v.grant_id, v.totp
        from unnest(${batchParam("elections", "uuid[]")}, ${batchParam("voters", "uuid[]")}, ${batchParam("sessions", "text[]")}, ${batchParam("grants", "uuid[]")}, ${batchParam("totp", "boolean[]")})
          with ordinality as v(election_id, voter_id, session_id, grant_id, totp, n)
      ),
      votes as (
        select v.n, v.election_id, coalesce(v.voter_id, u.id) as voter_id, v.grant_id,
          coalesce(v.totp, u.totp_enabled) as totp, s.last_seen_at as seen, u.id is not null as found
        from given v
        left join lateral (select s.user_id, s.last_seen_at from sessions s
          where s.id = v.session_id and s.expires_at > ${p("now")} and s.created_at > ${p("sessionsFrom")} limit 1) s on true
        left join lateral (select u.id, u.totp_enabled from users u where u.id = s.user_id and u.user_type = 'voter'
          and coalesce(u.settings #> '{security,requirePassword}', 'null'::jsonb) in ('false'::jsonb, 'null'::jsonb) limit 1) u on true
      ),
      choices as (
        select c.vote as n, c.position_id, c.candidate_id, c.receipt_hash, c.chain_key,
          nullif(${p("answers")}::jsonb -> (c.i::int - 1), 'null'::jsonb) as answer
        from unnest(${batchParam("voteOf", "int[]")}, ${batchParam("positions", "uuid[]")}, ${batchParam("chosen", "uuid[]")}, ${batchParam("hashes", "text[]")}, ${batchParam("keys", "text[]")})
          with ordinality as c(vote, position_id, candidate_id, receipt_hash, chain_key, i)
      ),
      allowed as materialized (
        select v.n, e.id as election_id, v.voter_id, v.grant_id
        from votes v cross join lateral (select * from elections e where e.id = v.election_id limit 1) e
        where e.status = 'active' and e.starts_at <= ${p("now")} and e.ends_at > ${p("now")}
          and exists (select 1 from organization_memberships m where m.organization_id = e.organization_id and m.user_id = v.voter_id)
          and exists (select 1 from election_voters r where r.election_id = e.id and r.user_id = v.voter_id)
          and not coalesce((select o.status = 'suspended' from organizations o where o.id = e.organization_id limit 1), false)
          and not exists (select 1 from voting_sessions s where s.election_id = e.id and s.user_id = v.voter_id and s.status = 'blocked')
          and (v.totp or not ${twoFactorRequired})
          and (select count(*) from choices c
            cross join lateral (select * from election_positions q where q.id = c.position_id limit 1) q
            where q.election_id = e.id and c.n = v.n and ${answersItsQuestion("c", "q")}) = (select count(*) from choices c where c.n = v.n)
          and not exists (select 1 from choices c join participations pa on pa.position_id = c.position_id and pa.user_id = v.voter_id where c.n = v.n)
      ),
      spent as (
        update verification_grants g set used_at = ${p("now")}
        from (select distinct on (grant_id) * from allowed order by grant_id, n) a
        where g.id = a.grant_id and g.user_id = a.voter_id and g.election_id = a.election_id
          and g.used_at is null and g.expires_at > ${p("now")}
        returning a.n, a.election_id, a.voter_id
      ),
      voted as (
        insert into participations (election_id, position_id, user_id)
        select s.election_id, c.position_id, s.voter_id from spent s join choices c on c.n = s.n
        returning 1
      ),
      cast_ballots as (
        insert into ballots (election_id, position_id, candidate_id, answer, receipt_hash, chain_key)
        select s.election_id, c.position_id, c.candidate_id, c.answer, c.receipt_hash, c.chain_key
        from spent s join choices c on c.n = s.n order by c.receipt_hash
        returning 1
      )
      select v.n, s.n is not null as cast,
        (select json_build_object('sequence', h.sequence, 'root', h.root) from seals h
          where h.election_id = v.election_id order by h.sequence desc limit 1) as head,
        v.seen, v.found
      from votes v left join spent s on s.n = v.n`;

const castStatement = prepared<WrittenRow>("cast_votes", castVotesSql);

/** Writes a batch of votes in one statement and one commit; each vote answered on its own (see castStatement). */
async function writeVotes(db: Db, votes: VoteToWrite[]): Promise<Array<Written | Error>> {
  const choices = votes.flatMap((vote, i) => vote.selections.map((s) => ({ ...s, vote: i + 1 })));
  // One clock reading for the batch: the latest of its votes', so no vote is judged before it came.
  const now = Math.max(...votes.map((v) => v.now.getTime()));
  const { rows } = await castStatement(db).execute({
    elections: arrayOf(votes.map((v) => v.electionId)),
    voters: arrayOf(votes.map((v) => v.voterId ?? "NULL")),
    sessions: arrayOf(votes.map((v) => v.sessionId ?? "NULL")),
    grants: arrayOf(votes.map((v) => v.grantId)),
    totp: arrayOf(votes.map((v) => (v.totp === null ? "NULL" : String(v.totp)))),
    now: new Date(now),
    sessionsFrom: new Date(now - SESSION_LIFETIME_MS),
    voteOf: arrayOf(choices.map((c) => String(c.vote))),
    positions: arrayOf(choices.map((c) => c.positionId)),
    chosen: arrayOf(choices.map((c) => c.candidateId ?? "NULL")),
    hashes: arrayOf(choices.map((c) => c.hash)),
    keys: arrayOf(choices.map((c) => c.key)),
    answers: JSON.stringify(choices.map((c) => c.answer)),
  });
  const byVote = new Map(rows.map((row) => [Number(row.n), row]));
  return votes.map((_, i) => {
    const row = byVote.get(i + 1);
    if (!row) return new Error("cast: the write did not answer a vote");
    return {
      cast: row.cast,
      head: row.head,
      found: row.found,
      seen: row.seen === null ? null : new Date(row.seen),
    };
  });
}

/**
 * Votes that arrive while others are written wait and go together in the next batch: one
 * statement, one commit, each vote answered after that commit (lib/batched.ts, one batch in flight:
 * the votes that come while it commits make the next one larger; a slower disk makes the batches
 * larger, not the queue longer).
 */
const castBatches = perDatabase((db) =>
  batched((votes: VoteToWrite[]) => writeVotes(db, votes), {
    max: 64,
    aloneOnError: true,
  }),
);

/** Writes one vote in the next batch; answered after that batch's commit. */
export function writeVote(db: Db, vote: VoteToWrite): Promise<Written> {
  return castBatches(db)(vote);
}
