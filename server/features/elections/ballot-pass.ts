import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { arrayRows } from "../../db/prepared";
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
  /** Its receipts in the pass's text of every receipt: the next to merge is the `at`-th, up to `end`. */
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
/** The characters the groups' text marks with: "-" (no seal) and "1" (every receipt RECEIPT bytes). */
const DASH = 45;
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

/** A seal as the pass gathers it: what it gives, and its groups to merge. */
interface SealGroups {
  sealed: SealedBallots;
  groups: Group[];
  /** No group of other answers than a candidate (those are hashed from their canonical text). */
  mergeable: boolean;
}

/** The integer written in `text` from `from` up to `to`: digits only (sizes, and seal ids, all positive). */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * One pass over the election's ballots, read from ballots_chain_order_idx alone (no sort), as two
 * texts: its groups of one seal, one question and one choice with their sizes, and every
 * receipt in the same order, each group's in receipt order. Gives the ballots per position (all,
 * sealed), per seal and their plurality tally, and every sealed plurality ballot's hash in the
 * chain's order, merged here from the seal's groups. A seal holding other answers (hashed from
 * their canonical text) or receipts that do not come strictly ascending make the seal read whole and
 * hashed by readSeals, as the sealer did; a receipt not of 64 ASCII characters, every seal.
 */
export async function ballotPass(db: Db, electionId: string, previousRoots: Map<number, string>) {
  // The order comes from the index: the planner, PGlite's in particular, may otherwise price a
  // sort of every ballot below it (measured: several times slower).
  await db.execute(sql`set local enable_sort = off`);
  const order = sql`order by seal_id, position_id, candidate_id`;
  // The groups as one text, so it answers one row however many seals (an embedded database's rows
  // cost more than their contents): per group, its seal's id (or "-") and a space, its question's
  // and choice's ids (GROUP_KEY characters), a space, its size, a space, and "1" when every receipt
  // in it is RECEIPT bytes long, else "0".
  const [groupsText] = await arrayRows<[string | null]>(
    db,
    sql`select string_agg(concat(coalesce(seal_id::text, '-'), ' ', position_id::text,
        coalesce(candidate_id::text, ${NO_CANDIDATE}), ' ', n, ' ', case when fixed then '1' else '0' end), '')
      from (select seal_id, position_id, candidate_id, count(*)::int as n,
          bool_and(octet_length(receipt_hash) = ${RECEIPT}) as fixed
        from ballots where election_id = ${electionId}::uuid
        group by seal_id, position_id, candidate_id ${order}) g`,
  );
  // The receipts alone, one string_agg: aggregating them per group first copied each once more and
  // cost PGlite more than the group by (100,000 ballots: 56-88 ms for both texts before, 45-65 now).
  const [receiptsText] = await arrayRows<[string | null]>(
    db,
    sql`select string_agg(receipt_hash, '') from (select receipt_hash from ballots
      where election_id = ${electionId}::uuid ${order}, receipt_hash collate "C") b`,
  );
  // For these statements only: with sorting off, the transaction's later reads (the definition's
  // questions in their order, say) took PGlite 30 ms where they take 1.
  await db.execute(sql`set local enable_sort = on`);
  const text = groupsText?.[0] ?? "";
  const receipts = receiptsText?.[0] ?? "";
  // The groups read from their text as they come, in one pass, no object per group: a question and
  // a choice are looked up by their ids' text and give the same strings and leaf to every seal.
  // With 5,000 seals (20,000 groups) this took 13-18 ms where a list of the groups read first, then
  // gone through, took 31-32.
  const counts = new Map<string, { ballots: number; sealed: number }>();
  const choices = new Map<string, Choice>();
  const sealGroups = new Map<number, SealGroups>();
  let total = 0;
  let unsealed = 0;
  let fixed = true;
  for (let at = 0; at < text.length; ) {
    const idEnd = text.indexOf(" ", at);
    const keyAt = idEnd + 1;
    const sizeAt = keyAt + GROUP_KEY + 1;
    const sizeEnd = text.indexOf(" ", sizeAt);
    const size = digitsAt(text, sizeAt, sizeEnd);
    if (text.charCodeAt(sizeEnd + 1) !== ONE) fixed = false;
    const key = text.slice(keyAt, keyAt + GROUP_KEY);
    let choice = choices.get(key);
    if (!choice) {
      const positionId = key.slice(0, ID);
      const candidateId = key.slice(ID);
      const position = counts.get(positionId) ?? { ballots: 0, sealed: 0 };
      counts.set(positionId, position);
      choice = { position, candidateId, leaf: leafOf(ballotHashPrefix(electionId, positionId, candidateId)) };
      choices.set(key, choice);
    }
    const start = total;
    total += size;
    choice.position.ballots += size;
    if (text.charCodeAt(at) === DASH) {
      unsealed += size;
      at = sizeEnd + 2;
      continue;
    }
    const id = digitsAt(text, at, idEnd);
    at = sizeEnd + 2;
    choice.position.sealed += size;
    let seal = sealGroups.get(id);
    if (!seal) {
      seal = { sealed: { ballots: 0, tally: {}, root: null }, groups: [], mergeable: true };
      sealGroups.set(id, seal);
    }
    seal.sealed.ballots += size;
    seal.sealed.tally[choice.candidateId] = (seal.sealed.tally[choice.candidateId] ?? 0) + size;
    // A choice other than a candidate: the seal's ballots are hashed from their answers.
    if (choice.candidateId === NO_CANDIDATE) seal.mergeable = false;
    seal.groups.push({ leaf: choice.leaf, at: start, end: total });
  }
  // Each receipt RECEIPT octets, the text RECEIPT characters × the ballots, and every character one
  // byte in UTF-8 (so whatever the database's encoding): each receipt is RECEIPT ASCII characters,
  // where the text says, and its bytes are those ballotHash hashes.
  const aligned =
    fixed && receipts.length === total * RECEIPT && Buffer.byteLength(receipts) === receipts.length;
  const bySeal = new Map<number, SealedBallots>();
  for (const [sealId, { sealed, groups, mergeable }] of sealGroups) {
    bySeal.set(sealId, sealed);
    if (aligned && mergeable) sealed.root = mergedRoot(previousRoots.get(sealId) ?? "", receipts, groups);
  }
  await readSeals(
    db,
    electionId,
    previousRoots,
    [...bySeal].filter(([, sealed]) => sealed.root === null),
  );
  return { counts, bySeal, total, unsealed };
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
 * The seal's root from its previous root and its ballots, merged from its groups in receipt order
 * (each step takes the least next receipt of the groups: a seal has a few questions and choices),
 * the ballots' hashes fed to the root's a chunk at a time; null unless the receipts come strictly
 * ascending as JavaScript compares them, the order chainRoot sorts in (a strictly ascending
 * sequence of all of them is that order). The receipts are compared where they lie in the text.
 */
function mergedRoot(previousRoot: string, receipts: string, groups: Group[]): string | null {
  const root = createHash("sha256").update(previousRoot);
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
      root.update(hashes.join(""));
      hashes.length = 0;
    }
    previous = at;
    least.at++;
  }
  return root.update(hashes.join("")).digest("hex");
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
