import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ballots } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { ballotHashPrefix, chainRoot, tallyOf } from "./sealing";

/**
 * verify-election's one pass over an election's stored ballots (verifier.ts checks what it gives
 * against the chain): per seal its ballots, its plurality tally and its root recomputed; per
 * question its ballots, sealed or not.
 */

/** What the pass gives for one seal. */
export interface SealedBallots {
  ballots: number;
  /** The plurality choices' tally (a seal holding other answers gets its whole tally from readSeals). */
  tally: Record<string, number>;
  /**
   * chainRoot of the seal's ballots from the seal's previous root: H(previous root ‖ H(ballot)…) in
   * receipt order; null: readSeals hashes them.
   */
  root: string | null;
}

/** One group of a seal: its ballots for one question and one choice, in receipt order. */
interface Group {
  /** ballotHash's text before the receipt, in bytes, with room for a receipt after it (leafOf). */
  leaf: Buffer;
  /** Its receipts in the seal's text of receipts: the next to merge is the `at`-th, up to `end`. */
  at: number;
  end: number;
}

/** A receipt's length when the pass can take it as it comes (a SHA-256 in hex, as casting makes them). */
const RECEIPT = 64;
/** An id's text (a UUID). */
const ID = 36;
/** A question and a choice as the pass gives them: two ids' text. */
const GROUP_KEY = 2 * ID;
/** The choice of a group whose ballots hold other answers than a candidate (their candidate is null). */
const NO_CANDIDATE = "-".repeat(ID);
/** The character the groups' text marks a group with when every receipt in it is RECEIPT bytes long. */
const ONE = 49;

/** A question and a choice as the pass meets them, shared by their groups in every seal. */
interface Choice {
  /** The question's ballots, all and sealed. */
  position: { ballots: number; sealed: number };
  candidateId: string;
  /**
   * ballotHash's text before the receipt, in bytes, with room for a receipt after it (leafOf):
   * written over by each ballot merged, which is safe as one seal is merged at a time.
   */
  leaf: Buffer;
}

/** The integer written in `text` from `from` up to `to`: digits only (sizes, all positive). */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/** What ballotPass gives, once its rows are taken. */
export interface BallotPassFigures {
  /** Per question (position id): its ballots, all and sealed. */
  counts: Map<string, { ballots: number; sealed: number }>;
  bySeal: Map<number, SealedBallots>;
  total: number;
  unsealed: number;
}

/**
 * One pass over the election's ballots, read from ballots_chain_order_idx alone (no sort), one row
 * per seal (and one for the ballots not yet sealed): its groups of one question and one choice with
 * their sizes as one text, and its receipts as another, each group's in receipt order. Gives the
 * ballots per position (all, sealed), per seal and their plurality tally, and every sealed plurality
 * ballot's hash in the chain's order, merged here from the seal's groups. A seal holding other
 * answers (hashed from their canonical text), a receipt not of 64 ASCII characters, or receipts
 * that do not come strictly ascending make the seal read whole and hashed by readSeals, as the
 * sealer did.
 *
 * The pass is a part of verify-election's one statement (verifier.ts): `statement` gives its rows
 * (seal id, groups' text, receipts' text), run with sorting off (the order comes from the index:
 * the planner, PGlite's in particular, may otherwise price a sort of every ballot below it,
 * measured several times slower); each is given to `take` as it comes and hashed then, while the
 * database makes the next. A seal's root starts from the seal before it (`previousRoots`, filled
 * by the caller as the chain's rows come): a seal taken before its previous root is known keeps
 * its ballots' hashes until `finish`.
 */
export function ballotPass(electionId: string, previousRoots: Map<number, string>) {
  const order = sql`order by seal_id, position_id, candidate_id`;
  // The groups read from their text as they come, no object per group but a seal's: a question
  // and a choice are looked up by their ids' text and give the same strings and leaf to every seal.
  const counts = new Map<string, { ballots: number; sealed: number }>();
  const choices = new Map<string, Choice>();
  const bySeal = new Map<number, SealedBallots>();
  let total = 0;
  let unsealed = 0;
  /** The ballots' hashes of the seals merged before their previous root was known. */
  const waiting = new Map<number, string[]>();
  const take = (sealId: number | null, text: string, receipts: string | null) => {
    const sealed: SealedBallots = { ballots: 0, tally: {}, root: null };
    const groups: Group[] = [];
    // No group of other answers than a candidate (those are hashed from their canonical text).
    let mergeable = true;
    let fixed = true;
    let ballots = 0;
    for (let at = 0; at < text.length; ) {
      const key = text.slice(at, at + GROUP_KEY);
      if (text.charCodeAt(at + GROUP_KEY) !== ONE) fixed = false;
      const sizeAt = at + GROUP_KEY + 1;
      const sizeEnd = text.indexOf(" ", sizeAt);
      const size = digitsAt(text, sizeAt, sizeEnd);
      at = sizeEnd + 1;
      let choice = choices.get(key);
      if (!choice) {
        const positionId = key.slice(0, ID);
        const candidateId = key.slice(ID);
        const position = counts.get(positionId) ?? { ballots: 0, sealed: 0 };
        counts.set(positionId, position);
        choice = {
          position,
          candidateId,
          leaf: leafOf(ballotHashPrefix(electionId, positionId, candidateId)),
        };
        choices.set(key, choice);
      }
      const start = ballots;
      ballots += size;
      choice.position.ballots += size;
      if (sealId === null) continue;
      groups.push({ leaf: choice.leaf, at: start, end: ballots });
      choice.position.sealed += size;
      sealed.tally[choice.candidateId] = (sealed.tally[choice.candidateId] ?? 0) + size;
      // A choice other than a candidate: the seal's ballots are hashed from their answers.
      if (choice.candidateId === NO_CANDIDATE) mergeable = false;
    }
    total += ballots;
    if (sealId === null || receipts === null) {
      unsealed += ballots;
      return;
    }
    sealed.ballots = ballots;
    bySeal.set(sealId, sealed);
    // Each receipt RECEIPT octets, the text RECEIPT characters × the ballots, and every character
    // one byte in UTF-8 (so whatever the database's encoding): each receipt is RECEIPT ASCII
    // characters, where the text says, and its bytes are those ballotHash hashes.
    const aligned =
      fixed && receipts.length === ballots * RECEIPT && Buffer.byteLength(receipts) === receipts.length;
    const hashes = aligned && mergeable ? mergedHashes(receipts, groups) : null;
    const previousRoot = previousRoots.get(sealId);
    if (hashes && previousRoot !== undefined) sealed.root = rootOf(previousRoot, hashes);
    else if (hashes) waiting.set(sealId, hashes);
  };
  return {
    // Per group: its question's and choice's ids (GROUP_KEY characters), "1" when every receipt in
    // it is RECEIPT bytes long (else "0"), its size and a space; the receipts of sealed ballots
    // only. A row a seal, not one text for the election: PostgreSQL took 90-110 ms to answer a
    // computed text of 6.4 MB (100,000 receipts) where the same in rows of a seal took 25 (it
    // computes either in 20); and one pass for the groups and the receipts, not one each: 39 ms
    // where 62 on PostgreSQL, 58 where 101 on PGlite (20 seals; 67 and 112 where 102 and 154
    // with 5,000).
    statement: sql`select seal_id,
        string_agg(concat(position_id::text, coalesce(candidate_id::text, ${NO_CANDIDATE}),
          case when fixed then '1' else '0' end, n, ' '), ''),
        string_agg(receipts, '') filter (where seal_id is not null)
      from (select seal_id, position_id, candidate_id, count(*)::int as n,
          bool_and(octet_length(receipt_hash) = ${RECEIPT}) as fixed, string_agg(receipt_hash, '') as receipts
        from (select seal_id, position_id, candidate_id, receipt_hash from ballots
          where election_id = ${electionId}::uuid ${order}, receipt_hash collate "C") b
        group by seal_id, position_id, candidate_id ${order}) g
      group by seal_id order by seal_id`,
    take,
    /** The roots still waiting, and the seals not merged here read whole and hashed (readSeals): what the pass found. */
    async finish(db: Db): Promise<BallotPassFigures> {
      for (const [sealId, hashes] of waiting)
        (bySeal.get(sealId) as SealedBallots).root = rootOf(previousRoots.get(sealId) ?? "", hashes);
      await readSeals(
        db,
        electionId,
        previousRoots,
        [...bySeal].filter(([, sealed]) => sealed.root === null),
      );
      return { counts, bySeal, total, unsealed };
    },
  };
}

/**
 * ballotHash's text as bytes: the prefix (ids and `|`, ASCII, so its UTF-8 is one byte a character)
 * and room for a receipt after it, written there as each ballot comes: no string per ballot.
 */
function leafOf(prefix: string): Buffer {
  const leaf = Buffer.alloc(prefix.length + RECEIPT);
  leaf.write(prefix, 0, "latin1");
  return leaf;
}

/** Ballots' hashes fed to a root's hash at once: one call per this many, not one per ballot. */
const ROOT_CHUNK = 512;

/**
 * The seal's ballots' hashes in receipt order, merged from its groups (each step takes the least
 * next receipt of the groups: a seal has a few questions and choices), as texts of ROOT_CHUNK
 * hashes; null unless the receipts come strictly ascending as JavaScript compares them, the order
 * chainRoot sorts in (a strictly ascending sequence of all of them is that order). The receipts are
 * compared where they lie in the text.
 */
function mergedHashes(receipts: string, groups: Group[]): string[] | null {
  const chunks: string[] = [];
  const hashes: string[] = [];
  let previous = -1;
  for (;;) {
    let least: Group | undefined;
    for (const group of groups)
      if (group.at < group.end && (!least || receiptBefore(receipts, group.at, least.at))) least = group;
    if (!least) break;
    if (previous >= 0 && !receiptBefore(receipts, previous, least.at)) return null;
    const { leaf, at } = least;
    leaf.write(receipts.slice(at * RECEIPT, (at + 1) * RECEIPT), leaf.length - RECEIPT, "latin1");
    hashes.push(sha256(leaf));
    if (hashes.length === ROOT_CHUNK) {
      chunks.push(hashes.join(""));
      hashes.length = 0;
    }
    previous = at;
    least.at++;
  }
  if (hashes.length > 0 || chunks.length === 0) chunks.push(hashes.join(""));
  return chunks;
}

/** chainRoot's H(previous root ‖ H(ballot)…) from the ballots' hashes (mergedHashes). */
function rootOf(previousRoot: string, hashes: string[]): string {
  // A seal of fewer than ROOT_CHUNK ballots is hashed at once, as chainRoot does.
  if (hashes.length === 1) return sha256(previousRoot + hashes[0]);
  const root = createHash("sha256").update(previousRoot);
  for (const chunk of hashes) root.update(chunk);
  return root.digest("hex");
}

/** Whether the a-th receipt of the text comes strictly before the b-th, as JavaScript compares strings. */
function receiptBefore(receipts: string, a: number, b: number): boolean {
  for (let i = 0; i < RECEIPT; i++) {
    const difference = receipts.charCodeAt(a * RECEIPT + i) - receipts.charCodeAt(b * RECEIPT + i);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/** Seals read whole and hashed here, as the sealer did (chainRoot, tallyOf): their root and whole tally. */
async function readSeals(
  db: Db,
  electionId: string,
  previousRoots: Map<number, string>,
  unhashed: Array<[number, SealedBallots]>,
) {
  if (unhashed.length === 0) return;
  const rows = await db
    .select({
      sealId: ballots.sealId,
      electionId: ballots.electionId,
      positionId: ballots.positionId,
      candidateId: ballots.candidateId,
      answer: ballots.answer,
      receiptHash: ballots.receiptHash,
    })
    .from(ballots)
    .where(
      and(
        eq(ballots.electionId, electionId),
        sql`${ballots.sealId} = any(${`{${unhashed.map(([id]) => id).join(",")}}`}::int[])`,
      ),
    );
  const bySeal = new Map<number, typeof rows>();
  for (const row of rows) {
    const batch = bySeal.get(row.sealId as number);
    if (batch) batch.push(row);
    else bySeal.set(row.sealId as number, [row]);
  }
  for (const [sealId, sealed] of unhashed) {
    const batch = bySeal.get(sealId) ?? [];
    sealed.root = chainRoot(previousRoots.get(sealId) ?? "", batch);
    sealed.tally = tallyOf(batch);
  }
}
