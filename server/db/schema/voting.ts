/** Voting: the voter roll, participations, secret ballots, their seals and the election audit. */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Ballot } from "../../../contract/ballots/ballot";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { candidates, electionPositions, elections } from "./elections";

/** The voter roll of an election, fixed when voting opens: who may vote in it. */
export const electionVoters = pgTable(
  "election_voters",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.userId] })],
);

/**
 * Who voted for which position (never what they chose). One row per voter and position, held by
 * the primary key: concurrent attempts store one.
 */
export const participations = pgTable(
  "participations",
  {
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => electionPositions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /**
     * The seal that disclosed this participation, together with its position's ballots; null
     * until then. While voting is open only disclosed participations are counted or shown to
     * anyone but the voter, so "voted" changes in batches that cannot be tied to one ballot.
     */
    sealId: integer("seal_id"),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.userId] }),
    index("participations_election_user_idx").on(t.electionId, t.userId),
    // verify-election's participations per position and seal, counted from the index alone.
    index("participations_election_position_seal_idx").on(t.electionId, t.positionId, t.sealId),
    // The sealer's look for waiting voters, every second: those not yet disclosed only, not every
    // participation of every election there has been.
    index("participations_unsealed_idx").on(t.electionId, t.positionId).where(sql`${t.sealId} is null`),
  ],
);

/** What was chosen, with no voter, no session and no time: found by its receipt's hash. */
export const ballots = pgTable(
  "ballots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => electionPositions.id, { onDelete: "cascade" }),
    /** The one choice of a plurality question (null for any other answer, held in `answer`). */
    candidateId: uuid("candidate_id").references(() => candidates.id, { onDelete: "cascade" }),
    /** Any other answer (a set, a ranking, grades, scores, Yes/No) or a blank vote, as validated. */
    answer: jsonb("answer").$type<Ballot>(),
    receiptHash: text("receipt_hash").notNull(),
    /**
     * What the ballot's hash in its seal holds beside its answer (sha256 of chainKeyMessage: only
     * the receipt's holder can make it), never published; the chain's order. A ballot cast before
     * chain keys were kept has its receipt hash here, as its seal hashed it.
     */
    chainKey: text("chain_key").notNull(),
    /** The seal that took this ballot into the hash chain; null until sealed. */
    sealId: integer("seal_id"),
  },
  (t) => [
    uniqueIndex("ballots_receipt_hash_key").on(t.receiptHash),
    index("ballots_election_candidate_idx").on(t.electionId, t.candidateId),
    index("ballots_unsealed_idx").on(t.electionId).where(sql`${t.sealId} is null`),
    // verify-election's one pass: each seal's ballots by question and choice, in the chain's
    // key order (byte order, as chainRoot compares), read from the index alone with no sort.
    index("ballots_chain_order_idx").on(
      t.electionId,
      t.sealId,
      t.positionId,
      t.candidateId,
      sql`${t.chainKey} collate "C"`,
    ),
    check("ballots_answer_check", sql`${t.candidateId} is not null or ${t.answer} is not null`),
  ],
);

/** The hash chain over an election's ballots: each seal covers a batch, chained to the one before. */
export const seals = pgTable(
  "seals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    previousRoot: text("previous_root").notNull(),
    root: text("root").notNull(),
    ballotCount: integer("ballot_count").notNull(),
    /** Ballots per candidate in this batch, so a recount can be checked seal by seal. */
    tally: jsonb("tally").$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("seals_election_sequence_key").on(t.electionId, t.sequence)],
);

/**
 * What changed in an election's rules before voting opened, and who changed it: every change of
 * its channel's security settings (the verification rules) and the rules frozen at the opening.
 */
export const electionAudit = pgTable(
  "election_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    /** Null when the server itself acted (the schedule opened the election). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: ["security_settings_changed", "verification_rules_frozen"] }).notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("election_audit_election_idx").on(t.electionId, t.createdAt)],
);
