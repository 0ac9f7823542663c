import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { arrayRows } from "../../db/prepared";
import { ballots } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import { chainRoot, tallyOf } from "./sealing";

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
  /** ballotHash's text before the receipt. */
  prefix: string;
  /** The seal's receipts, 64 characters each; this group's are those from `at` to `end`. */
  receipts: string;
  at: number;
  end: number;
}

/** A receipt's length when the pass can take it as it comes (a SHA-256 in hex, as casting makes them). */
const RECEIPT = 64;
/** A question and a choice as the pass gives them: two ids' text, 36 characters each. */
const GROUP_KEY = 72;

/** The pass's item per seal (null: the unsealed ballots). */
type SealRow = [sealId: number | null, groups: string, sizes: string, receipts: string, plain: boolean];

/**
 * The pass's seals from its one text, so it answers one row however many seals (an embedded
 * database's rows cost more than their contents): per seal, its id (or "-"), its groups' keys, their
 * sizes, each followed by a space, then "1" and its receipts (a length known from the sizes, so any
 * character in them is read as it is) or "0" when the seal is read whole instead.
 */
function sealRows(text: string): SealRow[] {
  const rows: SealRow[] = [];
  for (let at = 0; at < text.length; ) {
    const [id, keys, sizes] = ["", "", ""].map(() => {
      const end = text.indexOf(" ", at);
      const field = text.slice(at, end);
      at = end + 1;
      return field;
    }) as [string, string, string];
    const plain = text[at] === "1";
    const length = plain ? sizes.split(",").reduce((sum, n) => sum + Number(n), 0) * RECEIPT : 0;
    rows.push([id === "-" ? null : Number(id), keys, sizes, text.slice(at + 1, at + 1 + length), plain]);
    at += 1 + length;
  }
  return rows;
}

/**
 * One pass over the election's ballots, read from ballots_chain_order_idx alone (no sort), in one
 * text (sealRows): per seal, its
 * groups of one question and one choice, each group's size and their receipts in receipt order.
 * Gives the ballots per position (all, sealed), per seal and their plurality tally, and every sealed
 * plurality ballot's hash in the chain's order, merged here from the seal's groups. A seal holding
 * other answers (hashed from their canonical text), a receipt not of 64 ASCII characters, or
 * receipts that do not come strictly ascending, make the seal read whole and hashed by readSeals,
 * as the sealer did.
 */
export async function ballotPass(db: Db, electionId: string, previousRoots: Map<number, string>) {
  const bySeal = new Map<number, SealedBallots>();
  const counts = new Map<string, { ballots: number; sealed: number }>();
  let total = 0;
  let unsealed = 0;
  // The receipt order comes from the index: the planner, PGlite's in particular, may otherwise
  // price a sort of every ballot below it (measured: several times slower).
  await db.execute(sql`set local enable_sort = off`);
  const [pass] = await arrayRows<[string | null]>(
    db,
    sql`
    select string_agg(concat_ws(' ', coalesce(seal_id::text, '-'), keys, sizes, case when plain then '1' || receipts else '0' end), '')
    from (select seal_id, string_agg(position_id::text || coalesce(candidate_id::text, ${"-".repeat(36)}), '') as keys,
        string_agg(n::text, ',') as sizes, string_agg(receipts, '') as receipts, bool_and(plain) as plain
      from (select seal_id, position_id, candidate_id, count(*)::int as n, string_agg(receipt_hash, '') as receipts,
          bool_and(candidate_id is not null and octet_length(receipt_hash) = ${RECEIPT} and length(receipt_hash) = ${RECEIPT}) as plain
        from (select seal_id, position_id, candidate_id, receipt_hash from ballots
          where election_id = ${electionId}::uuid
          order by seal_id, position_id, candidate_id, receipt_hash collate "C") b
        group by seal_id, position_id, candidate_id) g
      group by seal_id) s`,
  );
  // For this statement only: with sorting off, the transaction's later reads (the definition's
  // questions in their order, say) took PGlite 30 ms where they take 1.
  await db.execute(sql`set local enable_sort = on`);
  const rows = sealRows(pass?.[0] ?? "");
  for (const [sealId, keys, sizes, receipts, plain] of rows) {
    const sealed: SealedBallots = { ballots: 0, tally: {}, root: null };
    const groups: Group[] = [];
    let at = 0;
    for (const [g, size] of sizes.split(",").entries()) {
      const n = Number(size);
      const positionId = keys.slice(g * GROUP_KEY, g * GROUP_KEY + 36);
      const candidateId = keys.slice(g * GROUP_KEY + 36, (g + 1) * GROUP_KEY);
      total += n;
      const position = counts.get(positionId) ?? { ballots: 0, sealed: 0 };
      counts.set(positionId, position);
      position.ballots += n;
      if (sealId === null) unsealed += n;
      else position.sealed += n;
      sealed.ballots += n;
      sealed.tally[candidateId] = (sealed.tally[candidateId] ?? 0) + n;
      groups.push({ prefix: `${electionId}|${positionId}|${candidateId}|`, receipts, at, end: at + n });
      at += n;
    }
    if (sealId === null) continue;
    bySeal.set(sealId, sealed);
    if (plain) sealed.root = mergedRoot(previousRoots.get(sealId) ?? "", groups);
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
 * The seal's root from its previous root and its ballots, merged from its groups in receipt order
 * (each step takes the least next receipt of the groups: a seal has a few questions and choices),
 * each ballot's hash fed to the root's as it comes (no string of them all); null unless the receipts
 * come strictly ascending as JavaScript compares them, the order chainRoot sorts in (a strictly
 * ascending sequence of all of them is that order).
 */
function mergedRoot(previousRoot: string, groups: Group[]): string | null {
  const next = (group: Group) =>
    group.at < group.end ? group.receipts.slice(group.at * RECEIPT, (group.at + 1) * RECEIPT) : undefined;
  const heads = groups.map(next);
  const root = createHash("sha256").update(previousRoot);
  let previous: string | null = null;
  for (;;) {
    let least = -1;
    let receipt = "";
    for (const [g, head] of heads.entries()) {
      if (head !== undefined && (least < 0 || head < receipt)) {
        least = g;
        receipt = head;
      }
    }
    if (least < 0) return root.digest("hex");
    if (previous !== null && !(previous < receipt)) return null;
    const group = groups[least] as Group;
    root.update(sha256(`${group.prefix}${receipt}`));
    previous = receipt;
    group.at++;
    heads[least] = next(group);
  }
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
