/** Channels, who may post in private ones, each user's preferences and read marks. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import type { ChannelPermissions, SecuritySettings, VotingSettings } from "../../../contract/channels";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { organizations } from "./organizations";

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
    /**
     * What an administrator's edit of the security settings is based on (the election's verification
     * rules, for an election channel): raised by each save of them (service.ts updateChannel). Settings
     * sent with an older version are refused (409): a stale tab never writes another's back.
     */
    securityVersion: integer("security_version").notNull().default(1),
    /** The same for the list of members who may post (setChannelPosters), apart from the settings'. */
    postersVersion: integer("posters_version").notNull().default(1),
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
