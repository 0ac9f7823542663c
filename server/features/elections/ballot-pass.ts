import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { ballots } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { ballotHashPrefix, chainRoot, tallyOf } from "./chain";

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
  /** The receipts of the row the group came in; the group's next to merge is the `at`-th, up to `end`. */
  receipts: string;
  at: number;
  end: number;
}

/** The seal whose rows are being taken: its figures, its groups, and whether they can be merged here. */
interface SealTaken {
  id: number;
  sealed: SealedBallots;
  groups: Group[];
  mergeable: boolean;
}

/**
 * A seal of more ballots than this has its ballots read a row per group (one question, one choice),
 * not a row per seal: its row's receipts (64 characters a ballot) would otherwise pass 128 KiB, where
 * V8 puts a string in fresh pages of its own. On this machine 6.4 MB of such strings cost Node 24 ms
 * to make where the same in strings of 64 KB cost 0.6; 100,000 ballots in 20 seals verified in 112
 * ms of CPU a row per group where 135 a row per seal. Small seals stay a row each: a row per group
 * cost 5,000 seals 201 ms where 188.
 */
export const ROW_PER_GROUP_ABOVE = 2_048;

/**
 * A chain key's length when the pass can take it as it comes (a SHA-256 in hex, as casting makes
 * them). The pass calls the keys "receipts": a ballot sealed before keys were kept has its receipt
 * hash for a key.
 */
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
 * per seal (and one for the ballots not yet sealed), or with `rowPerGroup` one per group of a seal
 * (see ROW_PER_GROUP_ABOVE): its groups of one question and one choice with their sizes as one
 * text, and its receipts as another, each group's in receipt order. Gives the
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
export function ballotPass(
  electionId: string,
  previousRoots: Map<number, string>,
  { rowPerGroup = false }: { rowPerGroup?: boolean } = {},
) {
  const order = sql`order by seal_id, position_id, candidate_id`;
  // The groups read from their text as they come: a question and a choice are looked up by their
  // ids' text and give the same strings and leaf to every seal. A seal's rows come one after the
  // other (the statement's order), so a seal is merged once the next seal's row comes, or at finish.
  const counts = new Map<string, { ballots: number; sealed: number }>();
  const choices = new Map<string, Choice>();
  const bySeal = new Map<number, SealedBallots>();
  let total = 0;
  let unsealed = 0;
  /** The ballots' hashes of the seals merged before their previous root was known. */
  const waiting = new Map<number, string[]>();
  let seal: SealTaken | null = null;
  /** The seal's rows are all in: its root from its groups merged (or left to readSeals). */
  const sealTaken = () => {
    if (!seal) return;
    const { id, sealed, groups, mergeable } = seal;
    seal = null;
    const hashes = mergeable ? mergedHashes(groups) : null;
    const previousRoot = previousRoots.get(id);
    if (hashes && previousRoot !== undefined) sealed.root = rootOf(previousRoot, hashes);
    else if (hashes) waiting.set(id, hashes);
  };
  const take = (sealId: number | null, text: string, receipts: string | null) => {
    if (seal && seal.id !== sealId) sealTaken();
    if (sealId !== null && receipts !== null && !seal) {
      seal = { id: sealId, sealed: { ballots: 0, tally: {}, root: null }, groups: [], mergeable: true };
      bySeal.set(sealId, seal.sealed);
    }
    const row = seal;
    // No group of other answers than a candidate (those are hashed from their canonical text).
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
      if (!row || receipts === null) continue;
      row.groups.push({ leaf: choice.leaf, receipts, at: start, end: ballots });
      choice.position.sealed += size;
      row.sealed.tally[choice.candidateId] = (row.sealed.tally[choice.candidateId] ?? 0) + size;
      // A choice other than a candidate: the seal's ballots are hashed from their answers.
      if (choice.candidateId === NO_CANDIDATE) row.mergeable = false;
    }
    total += ballots;
    if (!row || receipts === null) {
      unsealed += ballots;
      return;
    }
    row.sealed.ballots += ballots;
    // Each receipt RECEIPT octets, the row's text RECEIPT characters × its ballots, and every character
    // one byte in UTF-8 (so whatever the database's encoding): each receipt is RECEIPT ASCII
    // characters, where the text says, and its bytes are those ballotHash hashes.
    const aligned =
      fixed && receipts.length === ballots * RECEIPT && Buffer.byteLength(receipts) === receipts.length;
    if (!aligned) row.mergeable = false;
  };
  // Per group: its question's and choice's ids (GROUP_KEY characters), "1" when every receipt in
  // it is RECEIPT bytes long (else "0"), its size and a space; the receipts of sealed ballots
  // only. A row a seal, not one text for the election: PostgreSQL took 90-110 ms to answer a
  // computed text of 6.4 MB (100,000 receipts) where the same in rows of a seal took 25 (it
  // computes either in 20); and one pass for the groups and the receipts, not one each: 39 ms
  // where 62 on PostgreSQL, 58 where 101 on PGlite (20 seals; 67 and 112 where 102 and 154
  // with 5,000).
  const groups = sql`select seal_id, position_id, candidate_id, count(*)::int as n,
      bool_and(octet_length(chain_key) = ${RECEIPT}) as fixed,
      string_agg(chain_key, '') filter (where seal_id is not null) as receipts
    from (select seal_id, position_id, candidate_id, chain_key from ballots
      where election_id = ${electionId}::uuid ${order}, chain_key collate "C") b
    group by seal_id, position_id, candidate_id ${order}`;
  const groupText = sql`position_id::text, coalesce(candidate_id::text, ${NO_CANDIDATE}),
    case when fixed then '1' else '0' end, n, ' '`;
  return {
    statement: rowPerGroup
      ? sql`select seal_id, concat(${groupText}), receipts from (${groups}) g ${order}`
      : sql`select seal_id, string_agg(concat(${groupText}), ''), string_agg(receipts, '')
          from (${groups}) g group by seal_id order by seal_id`,
    take,
    /** The roots still waiting, and the seals not merged here read whole and hashed (readSeals): what the pass found. */
    async finish(db: Db): Promise<BallotPassFigures> {
      sealTaken();
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
function mergedHashes(groups: Group[]): string[] | null {
  const chunks: string[] = [];
  const hashes: string[] = [];
  let previous: Group | undefined;
  let previousAt = 0;
  for (;;) {
    let least: Group | undefined;
    for (const group of groups)
      if (group.at < group.end && (!least || receiptBefore(group, group.at, least, least.at))) least = group;
    if (!least) break;
    if (previous && !receiptBefore(previous, previousAt, least, least.at)) return null;
    const { leaf, receipts, at } = least;
    leaf.write(receipts.slice(at * RECEIPT, (at + 1) * RECEIPT), leaf.length - RECEIPT, "latin1");
    hashes.push(sha256(leaf));
    if (hashes.length === ROOT_CHUNK) {
      chunks.push(hashes.join(""));
      hashes.length = 0;
    }
    previous = least;
    previousAt = at;
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

/** Whether group a's a-th receipt comes strictly before group b's b-th, as JavaScript compares strings. */
function receiptBefore(ga: Group, a: number, gb: Group, b: number): boolean {
  const left = ga.receipts;
  const right = gb.receipts;
  for (let i = 0; i < RECEIPT; i++) {
    const difference = left.charCodeAt(a * RECEIPT + i) - right.charCodeAt(b * RECEIPT + i);
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
      chainKey: ballots.chainKey,
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
