import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** PostgreSQL full-text search vector (posts are searched with it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

import type { ChannelPermissions, SecuritySettings, VotingSettings } from "../../contract/channels";
import type { UserSettings } from "../../contract/settings";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Voters and organization users in one table; user_type tells them apart. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull(),
    userType: text("user_type", { enum: ["voter", "organization"] }).notNull(),
    phoneNumber: text("phone_number"),
    idType: text("id_type"),
    /** Keyed hash (HMAC) of the registered ID number; the number itself is never stored. */
    voterIdHash: text("voter_id_hash"),
    /** The organization the user is working in now (a voter may belong to several). */
    organizationId: uuid("organization_id").references((): AnyPgColumn => organizations.id, {
      onDelete: "set null",
    }),
    /** Idle expiry of the user's sessions, in minutes; 0 means "Never" (kept 30 days). */
    sessionTimeoutMinutes: integer("session_timeout_minutes").notNull().default(30),
    /** Notification and privacy choices of the settings screen (channel lists live in channel_preferences). */
    settings: jsonb("settings").$type<Partial<UserSettings>>().notNull().default({}),
    /** TOTP secret (base32) once enrolment starts; enabled when a code confirmed it. */
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The time step (30 s) of the last code accepted: a code is good once, so a step is never used twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_user_type_check", sql`${t.userType} in ('voter', 'organization')`),
  ],
);

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    website: text("website").notNull().default(""),
    location: text("location").notNull().default(""),
    country: text("country").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    status: text("status", { enum: ["active", "inactive", "suspended"] })
      .notNull()
      .default("active"),
    ownerId: uuid("owner_id")
      .notNull()
      .references((): AnyPgColumn => users.id),
    /** Random, revocable invite code: /join/{code}. */
    inviteCode: text("invite_code").notNull(),
    /** Listed in search and joinable without an invite. */
    isPublic: boolean("is_public").notNull().default(true),
    allowMemberInvites: boolean("allow_member_invites").notNull().default(false),
    requireApproval: boolean("require_approval").notNull().default(false),
    /** The owner signs in with a TOTP code as well. */
    twoFactorRequired: boolean("two_factor_required").notNull().default(false),
    timezone: text("timezone").notNull().default("UTC"),
    createdAt: createdAt(),
  },
  (t) => [
    check("organizations_status_check", sql`${t.status} in ('active', 'inactive', 'suspended')`),
    index("organizations_owner_idx").on(t.ownerId),
    uniqueIndex("organizations_invite_code_key").on(t.inviteCode),
  ],
);

/** Joins waiting for an admin when the organization requires approval. */
export const joinRequests = pgTable(
  "join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("pending"),
    /**
     * Held because this member registered the same ID number as the requester: the join waits
     * for the administrator whatever the organization's approval setting.
     */
    duplicateOfUserId: uuid("duplicate_of_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("join_requests_pending_key")
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    check("join_requests_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

export const organizationMemberships = pgTable(
  "organization_memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    /** The member's users.voter_id_hash, copied at joining so the database holds one roll entry per ID number. */
    voterIdHash: text("voter_id_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("organization_memberships_org_user_key").on(t.organizationId, t.userId),
    /** One person, one place on the roll: two accounts with one ID number never both get in. */
    uniqueIndex("organization_memberships_voter_id_key")
      .on(t.organizationId, t.voterIdHash)
      .where(sql`${t.voterIdHash} is not null`),
    index("organization_memberships_user_idx").on(t.userId),
    check("organization_memberships_role_check", sql`${t.role} in ('admin', 'member')`),
  ],
);

/** Server-side sessions. The id is the SHA-256 of the cookie's token, so a leaked table opens nothing. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/** One-time password-reset links; the id is the SHA-256 of the link's token. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Messages the notifier sent; in the embedded default this is the developer outbox. */
export const outbox = pgTable("outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

export const channels = pgTable(
  "channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["text", "airing", "live", "election"] }).notNull(),
    description: text("description").notNull().default(""),
    /** Read-only for members: only admins (and members granted in channel_members) post. */
    isPrivate: boolean("is_private").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    securitySettings: jsonb("security_settings").$type<SecuritySettings>().notNull(),
    votingSettings: jsonb("voting_settings").$type<VotingSettings>(),
    permissions: jsonb("permissions").$type<ChannelPermissions>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique within a type: every organization starts with a "General" text, airing and live channel.
    uniqueIndex("channels_org_type_name_key").on(t.organizationId, t.type, sql`lower(${t.name})`),
    index("channels_org_created_idx").on(t.organizationId, t.createdAt),
    check("channels_type_check", sql`${t.type} in ('text', 'airing', 'live', 'election')`),
  ],
);

/** Members an admin lets post in a private channel. */
export const channelMembers = pgTable(
  "channel_members",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/** One user's choices for one channel: notifications, mute, hidden, favourite. */
export const channelPreferences = pgTable(
  "channel_preferences",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notify: text("notify", { enum: ["all", "mentions", "voters", "nothing"] })
      .notNull()
      .default("all"),
    muted: boolean("muted").notNull().default(false),
    /** End of a timed mute; null with muted = until turned back on. */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    hidden: boolean("hidden").notNull().default(false),
    favorite: boolean("favorite").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.userId] }),
    index("channel_preferences_user_idx").on(t.userId),
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [
    index("elections_org_idx").on(t.organizationId, t.createdAt),
    index("elections_channel_idx").on(t.channelId),
    check("elections_status_check", sql`${t.status} in ('upcoming', 'active', 'completed', 'cancelled')`),
  ],
);

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
    bio: text("bio").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("candidates_position_idx").on(t.positionId)],
);

/** Uploaded files; the bytes live in the data folder under uploads/{id}. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A logo is public (search shows it); attachments and recordings are for the organization's members. */
    kind: text("kind", { enum: ["logo", "attachment", "recording"] }).notNull(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    uploaderId: uuid("uploader_id").references(() => users.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Attachments are found by their names (features/search).
    index("uploads_search_document_idx")
      .using("gin", sql`search_document(${t.filename})`)
      .where(sql`${t.kind} = 'attachment'`),
  ],
);

/** Live server processes; a process that stops beating is forgotten with its connections. */
export const serverProcesses = pgTable("server_processes", {
  id: text("id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

/** Who is connected, from which process: presence across processes. */
export const presence = pgTable(
  "presence",
  {
    processId: text("process_id")
      .notNull()
      .references(() => serverProcesses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    connectedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.userId] }), index("presence_user_idx").on(t.userId)],
);

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
    candidateId: uuid("candidate_id")
      .notNull()
      .references(() => candidates.id, { onDelete: "cascade" }),
    receiptHash: text("receipt_hash").notNull(),
    /** The seal that took this ballot into the hash chain; null until sealed. */
    sealId: integer("seal_id"),
  },
  (t) => [
    uniqueIndex("ballots_receipt_hash_key").on(t.receiptHash),
    index("ballots_election_candidate_idx").on(t.electionId, t.candidateId),
    index("ballots_unsealed_idx").on(t.electionId).where(sql`${t.sealId} is null`),
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

/** One-time codes of Voter's Card and Phone verification; only the hash is kept. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["voters_card", "phone"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_user_election_idx").on(t.userId, t.electionId)],
);

/** A successful verification: lets its voter cast one vote in that election within 10 minutes. */
export const verificationGrants = pgTable(
  "verification_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["national_id", "voters_card", "phone"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("verification_grants_user_election_idx").on(t.userId, t.electionId)],
);

/** Every verification attempt, for monitoring (never the code or the ID number itself). */
export const verificationAttempts = pgTable(
  "verification_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    electionId: uuid("election_id")
      .notNull()
      .references(() => elections.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    success: boolean("success").notNull(),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("verification_attempts_election_idx").on(t.electionId, t.createdAt)],
);

/** A message in a channel. The author may be gone (shown as 'Unknown User'). */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull().default(""),
    attachmentId: uuid("attachment_id").references(() => uploads.id, { onDelete: "set null" }),
    /** A forwarded message names the message it came from. */
    forwardedFromId: uuid("forwarded_from_id"),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(content, ''))`,
    ),
  },
  (t) => [
    index("posts_channel_created_idx").on(t.channelId, t.createdAt),
    index("posts_search_idx").using("gin", t.searchVector),
    // Organization-wide search (features/search): words folded, matched by prefix; messages by their file.
    index("posts_attachment_idx").on(t.attachmentId),
    index("posts_search_document_idx").using("gin", sql`search_document(${t.content})`),
  ],
);

export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Emoji reactions besides the Like: one of each emoji per member per message. */
export const postReactions = pgTable(
  "post_reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.emoji] })],
);

/** The thread under a message (comments and replies). */
export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_post_created_idx").on(t.postId, t.createdAt),
    index("comments_search_document_idx").using("gin", sql`search_document(${t.content})`),
  ],
);

/** Pins belong to the channel: everyone sees them; administrators set them. */
export const pins = pgTable(
  "pins",
  {
    postId: uuid("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    pinnedBy: uuid("pinned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("pins_channel_idx").on(t.channelId)],
);

/** Bookmarks are each user's own. */
export const bookmarks = pgTable(
  "bookmarks",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    status: text("status", { enum: ["open", "dismissed", "removed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [index("reports_org_status_idx").on(t.organizationId, t.status)],
);

/** How far each user has read each channel: unread counts are messages after it. */
export const channelReads = pgTable(
  "channel_reads",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/** Mentions and other notices addressed to one user. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["mention", "message"] }).notNull(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Rooms (airing = live audio, live = video): sessions and their participants.

/**
 * One audio or video session of an airing or live channel. At most one open (waiting or live)
 * session per channel, held by a partial unique index; ended sessions stay as history.
 */
export const roomSessions = pgTable(
  "room_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["airing", "live"] }).notNull(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    hostId: uuid("host_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["waiting", "live", "ended"] })
      .notNull()
      .default("waiting"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Connected participants now; kept in the same transaction as the participant rows. */
    participantCount: integer("participant_count").notNull().default(0),
    isRecording: boolean("is_recording").notNull().default(false),
    /** Recording was turned on at some point: only such a session takes a recording upload. */
    wasRecorded: boolean("was_recorded").notNull().default(false),
    /** Which media path carries this session: browser-to-browser mesh, or the Janus SFU. */
    media: text("media", { enum: ["mesh", "janus"] })
      .notNull()
      .default("mesh"),
    /** The Janus VideoRoom room number and its secret (sealed), when media = janus. */
    janusRoom: integer("janus_room"),
    janusSecret: text("janus_secret"),
    /** Since when no participant is connected; the session ends by itself 10 minutes later. */
    emptySince: timestamp("empty_since", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("room_sessions_open_channel_key")
      .on(t.channelId)
      .where(sql`${t.status} in ('waiting', 'live')`),
    index("room_sessions_channel_idx").on(t.channelId, t.createdAt),
    check("room_sessions_kind_check", sql`${t.kind} in ('airing', 'live')`),
    check("room_sessions_status_check", sql`${t.status} in ('waiting', 'live', 'ended')`),
    check("room_sessions_media_check", sql`${t.media} in ('mesh', 'janus')`),
  ],
);

/** A user in a room session: role and the media states every screen shows. */
export const roomParticipants = pgTable(
  "room_participants",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => roomSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["host", "speaker", "listener", "viewer"] }).notNull(),
    isConnected: boolean("is_connected").notNull().default(true),
    isMuted: boolean("is_muted").notNull().default(true),
    isVideoOn: boolean("is_video_on").notNull().default(false),
    isScreenSharing: boolean("is_screen_sharing").notNull().default(false),
    handRaised: boolean("hand_raised").notNull().default(false),
    /** The server process whose socket holds the connection; a process that dies takes it along. */
    processId: text("process_id").references(() => serverProcesses.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index("room_participants_user_idx").on(t.userId),
    check("room_participants_role_check", sql`${t.role} in ('host', 'speaker', 'listener', 'viewer')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Direct messages between members of one organization.

export const directMessages = pgTable(
  "direct_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("direct_messages_pair_idx").on(t.senderId, t.recipientId, t.createdAt),
    index("direct_messages_unread_idx").on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
    index("direct_messages_search_document_idx").using("gin", sql`search_document(${t.content})`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Security monitoring: voting sessions, the rules that fired on them, and alerts.

/** A fired risk rule, kept with the session so the screen shows why its score is what it is. */
export interface RiskRuleHit {
  rule: string;
  weight: number;
  detail: string;
}

/** A voter's visit to an election, from opening the channel through verification to casting. */
export const votingSessions = pgTable(
  "voting_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    electionId: uuid("election_id").references(() => elections.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address").notNull().default(""),
    /** The spec's mac_address: a device-fingerprint hash computed in the browser. */
    deviceHash: text("device_hash").notNull().default(""),
    location: jsonb("location").$type<{ latitude: number; longitude: number; accuracy: number } | null>(),
    deviceInfo: jsonb("device_info").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["active", "completed", "suspicious", "blocked"] })
      .notNull()
      .default("active"),
    riskScore: doublePrecision("risk_score").notNull().default(0),
    riskRules: jsonb("risk_rules").$type<RiskRuleHit[]>().notNull().default([]),
    /** In place of the prototype's biometric flag: the outcome of identity verification. */
    verification: text("verification", { enum: ["none", "passed", "failed"] })
      .notNull()
      .default("none"),
    failedVerifications: integer("failed_verifications").notNull().default(0),
    duplicateAttempts: integer("duplicate_attempts").notNull().default(0),
    blockedBy: uuid("blocked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("voting_sessions_org_created_idx").on(t.organizationId, t.createdAt),
    index("voting_sessions_user_idx").on(t.userId, t.createdAt),
    index("voting_sessions_device_idx").on(t.organizationId, t.deviceHash),
    index("voting_sessions_ip_idx").on(t.organizationId, t.ipAddress, t.createdAt),
    check(
      "voting_sessions_status_check",
      sql`${t.status} in ('active', 'completed', 'suspicious', 'blocked')`,
    ),
    check("voting_sessions_risk_check", sql`${t.riskScore} >= 0 and ${t.riskScore} <= 1`),
  ],
);

export const securityAlerts = pgTable(
  "security_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => votingSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type", {
      enum: ["identity_theft", "suspicious_location", "device_anomaly", "duplicate_identity"],
    }).notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    /** The risk rule that raised it ("duplicate_identity" for a join held for its ID number). */
    rule: text("rule").notNull(),
    description: text("description").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_alerts_org_idx").on(t.organizationId, t.createdAt),
    /** A rule raises one alert per session. */
    uniqueIndex("security_alerts_session_rule_key").on(t.sessionId, t.rule),
    check(
      "security_alerts_type_check",
      sql`${t.type} in ('identity_theft', 'suspicious_location', 'device_anomaly', 'duplicate_identity')`,
    ),
    check("security_alerts_severity_check", sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The platform admin portal: its own accounts, sessions and an audit log.

export const platformAdmins = pgTable(
  "platform_admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull().default(""),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("platform_admins_username_key").on(sql`lower(${t.username})`)],
);

/** Admin sessions, apart from users' sessions; the id is the SHA-256 of the cookie's token. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => platformAdmins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);

/** Every admin action (and failed admin sign-in), listed in the portal. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id").references(() => platformAdmins.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("admin_actions_created_idx").on(t.createdAt)],
);
