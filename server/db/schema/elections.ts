/** Elections and their ballots' shape: positions and candidates. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CandidateOrder, QuestionMethod } from "../../../contract/ballots/question";
import type { SecuritySettings } from "../../../contract/channels";
import { channels } from "./channels";
import { createdAt } from "./columns";
import { organizations } from "./organizations";

export const elections = pgTable(
  "elections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /**
     * No action on delete: a channel cannot be deleted from under its election (deleteChannel
     * withdraws an election that never opened first, and refuses the channel of one that did).
     */
    channelId: uuid("channel_id").references(() => channels.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    electionType: text("election_type").notNull().default("general"),
    status: text("status", { enum: ["upcoming", "active", "completed", "cancelled"] })
      .notNull()
      .default("upcoming"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    startTime: text("start_time").notNull().default("08:00"),
    endTime: text("end_time").notNull().default("18:00"),
    /** The voting window as instants, from the dates and times in the organization's time zone. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    resultsHidden: boolean("results_hidden").notNull().default(false),
    /**
     * The channel's security settings (the verification rules) as they stood when voting opened:
     * frozen with the ballot, so casting and verification never read rules changed mid-vote.
     * Null until the election opens.
     */
    securitySettings: jsonb("security_settings").$type<SecuritySettings>(),
    /** The share of the roll (percent) that must vote for the result to be valid; null for none. */
    quorumPercent: integer("quorum_percent"),
    /** The public seed that breaks ties (docs/counting.md), drawn when voting closes; null before. */
    tieSeed: text("tie_seed"),
    /**
     * sha256 of the election's definition (contract/ballots/definition-hash.ts), fixed when voting
     * opens: the first seal chains from it, so the chain commits the questions it is counted with.
     * Null for an election not yet opened, or opened before it existed (its chain starts at GENESIS).
     */
    definitionHash: text("definition_hash"),
    /** The roll's size the count used (a referendum of eligible voters, the quorum), fixed when voting ends. */
    rollSize: integer("roll_size"),
    /**
     * What an administrator's edit is based on: raised by every change to the definition (title,
     * description, voting window, quorum, questions and candidates: lifecycle.ts updateDefinition,
     * extendElection, an early opening). A definition sent with an older version is refused (409),
     * so a stale tab never writes back another administrator's fields with its old values.
     */
    version: integer("version").notNull().default(1),
    /**
     * The same for the roll's choice (roll.ts setElectionRoll), apart from the definition's: a roll
     * chosen in one tab does not make another tab's ballot stale, nor the other way round.
     */
    rollVersion: integer("roll_version").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index("elections_org_idx").on(t.organizationId, t.createdAt),
    index("elections_channel_idx").on(t.channelId),
    // The election worker's look, every second, at what opens or closes now (lifecycle.ts
    // applySchedule) and which notices are due: the elections not over, never the history.
    index("elections_scheduled_idx")
      .on(t.status, t.startsAt, t.endsAt)
      .where(sql`${t.status} in ('upcoming', 'active')`),
    check("elections_status_check", sql`${t.status} in ('upcoming', 'active', 'completed', 'cancelled')`),
  ],
);

/** An election's questions (the spec's "positions"): what is asked and how it is answered and counted. */
export const electionPositions = pgTable(
  "election_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    maxSelections: integer("max_selections").notNull().default(1),
    /** How the question is answered and counted (contract/ballots/question.ts). */
    method: jsonb("method").$type<QuestionMethod>().notNull().default({ kind: "plurality" }),
    /** A blank vote is allowed. */
    blank: boolean("blank").notNull().default(false),
    candidateOrder: text("candidate_order").$type<CandidateOrder>().notNull().default("as_entered"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("election_positions_election_idx").on(t.electionId)],
);

export const candidates = pgTable(
  "candidates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    positionId: uuid("position_id")
      .notNull()
      .references(() => electionPositions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    party: text("party").notNull().default(""),
    /** The candidate's statement, shown on the ballot. */
    bio: text("bio").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("candidates_position_idx").on(t.positionId)],
);
