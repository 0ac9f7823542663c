/** Rooms (airing = live audio, live = video): sessions and their participants. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { channels } from "./channels";
import { createdAt } from "./columns";
import { organizations } from "./organizations";
import { serverProcesses } from "./presence";

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
    /**
     * Whose browser records (the host who turned recording on): their leaving the room, however it
     * happens, stops it, as nothing records any more.
     */
    recordingBy: uuid("recording_by").references(() => users.id, { onDelete: "set null" }),
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
    // The seats held now, by their process: a process gone (its row deleted) clears them through
    // the foreign key, and the sweeper finds those left connected with no process. Both partial:
    // the seats ever taken stay as history, and were read whole every 5 seconds (62 ms on the
    // embedded database with 400,000 of them).
    index("room_participants_process_idx").on(t.processId).where(sql`${t.processId} is not null`),
    index("room_participants_orphaned_idx")
      .on(t.sessionId)
      .where(sql`${t.isConnected} and ${t.processId} is null`),
    check("room_participants_role_check", sql`${t.role} in ('host', 'speaker', 'listener', 'viewer')`),
  ],
);
