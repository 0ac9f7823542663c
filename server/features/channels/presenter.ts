import type { Channel, ChannelPreferences } from "../../../contract/channels";
import type { channelPreferences, channels } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import type { User } from "../accounts/sessions";
import { effectiveSecurity, twoFactorMissing } from "./checks";

export type ChannelRow = typeof channels.$inferSelect;
type PreferenceRow = typeof channelPreferences.$inferSelect;

/** A timed mute that has run out is no mute. */
export function presentPreferences(row: PreferenceRow | null, clock: Clock): ChannelPreferences {
  const mutedUntil = row?.mutedUntil ?? null;
  const muted = !!row?.muted && (mutedUntil === null || mutedUntil > clock.now());
  return {
    notify: row?.notify ?? "all",
    muted,
    muted_until: muted && mutedUntil ? mutedUntil.toISOString() : null,
    hidden: row?.hidden ?? false,
    favorite: row?.favorite ?? false,
  };
}

export function presentChannel(
  row: ChannelRow,
  viewer: { admin: boolean; grantedPost: boolean; user: Pick<User, "totpEnabled"> },
  preferences: PreferenceRow | null,
  clock: Clock,
): Channel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    organization_id: row.organizationId,
    description: row.description,
    is_private: row.isPrivate,
    created_by: row.createdBy,
    security_settings: effectiveSecurity(row.type, row.securitySettings),
    voting_settings: row.votingSettings ?? null,
    permissions: row.permissions,
    security_version: row.securityVersion,
    posters_version: row.postersVersion,
    created_at: row.createdAt.toISOString(),
    preferences: presentPreferences(preferences, clock),
    can: {
      manage: viewer.admin,
      post: viewer.admin || !row.isPrivate || viewer.grantedPost,
      // Text, airing and live: the channel's two-factor switch; an election applies it to the vote.
      two_factor_needed: row.type !== "election" && twoFactorMissing(row.securitySettings, viewer.user),
    },
  };
}
