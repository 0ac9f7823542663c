import { and, eq, inArray } from "drizzle-orm";
import { messages } from "../../../contract/messages";
import { DEFAULT_SETTINGS, type UserSettings } from "../../../contract/settings";
import type { Db } from "../../db/connect";
import { channelPreferences, channels, organizationMemberships, sessions, users } from "../../db/schema";
import { badRequest } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { idleMinutes, type User, userColumns } from "../accounts/sessions";
import { presentPreferences } from "../channels/presenter";

/** The settings screen's values: stored choices over the defaults, channel lists from the channel preferences. */
export async function readSettings(db: Db, clock: Clock, user: User): Promise<UserSettings> {
  const stored = user.settings ?? {};
  const rows = await db
    .select({ preferences: channelPreferences })
    .from(channelPreferences)
    .where(eq(channelPreferences.userId, user.id));
  const lists = {
    mutedChannels: [] as string[],
    hiddenChannels: [] as string[],
    favoriteChannels: [] as string[],
  };
  for (const { preferences } of rows) {
    const shown = presentPreferences(preferences, clock);
    if (shown.muted) lists.mutedChannels.push(preferences.channelId);
    if (shown.hidden) lists.hiddenChannels.push(preferences.channelId);
    if (shown.favorite) lists.favoriteChannels.push(preferences.channelId);
  }
  return {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...stored.notifications },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...stored.privacy },
    channels: lists,
    security: {
      requirePassword: stored.security?.requirePassword ?? DEFAULT_SETTINGS.security.requirePassword,
      twoFactorAuth: user.totpEnabled,
      sessionTimeout: user.sessionTimeoutMinutes,
    },
  };
}

/**
 * Saves the settings screen: choices on the user, the session timeout applied to this very
 * session's idle expiry, and the muted/hidden/favourite channel lists as channel preferences.
 * Two-factor sign-in is switched through its own enrolment, never by a flag.
 */
export async function saveSettings(
  db: Db,
  clock: Clock,
  user: User,
  sessionId: string,
  settings: UserSettings,
): Promise<UserSettings> {
  if (settings.security.twoFactorAuth !== user.totpEnabled) {
    throw badRequest("Turn two-factor authentication on or off with its own setup button");
  }
  const mentioned = [
    ...new Set([
      ...settings.channels.mutedChannels,
      ...settings.channels.hiddenChannels,
      ...settings.channels.favoriteChannels,
    ]),
  ];
  const visible = await visibleChannelIds(db, user.id);
  if (mentioned.some((id) => !visible.has(id))) throw badRequest(messages.channelNotFound);

  const now = clock.now();
  const updated = { ...user, sessionTimeoutMinutes: settings.security.sessionTimeout };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        settings: {
          notifications: settings.notifications,
          privacy: settings.privacy,
          security: { ...settings.security },
        },
        sessionTimeoutMinutes: settings.security.sessionTimeout,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + idleMinutes(updated) * 60_000) })
      .where(eq(sessions.id, sessionId));
    const existing = await tx.select().from(channelPreferences).where(eq(channelPreferences.userId, user.id));
    const ids = new Set([...mentioned, ...existing.map((row) => row.channelId)]);
    for (const channelId of ids) {
      const muted = settings.channels.mutedChannels.includes(channelId);
      const before = existing.find((row) => row.channelId === channelId);
      const keepTimedMute = muted && before && presentPreferences(before, clock).muted;
      const values = {
        muted,
        mutedUntil: keepTimedMute ? (before?.mutedUntil ?? null) : null,
        hidden: settings.channels.hiddenChannels.includes(channelId),
        favorite: settings.channels.favoriteChannels.includes(channelId),
      };
      await tx
        .insert(channelPreferences)
        .values({ channelId, userId: user.id, ...values })
        .onConflictDoUpdate({
          target: [channelPreferences.channelId, channelPreferences.userId],
          set: values,
        });
    }
  });
  const [fresh] = await db.select(userColumns).from(users).where(eq(users.id, user.id));
  return readSettings(db, clock, fresh ?? updated);
}

async function visibleChannelIds(db: Db, userId: string): Promise<Set<string>> {
  const memberships = db
    .select({ id: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId));
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(inArray(channels.organizationId, memberships)));
  return new Set(rows.map((row) => row.id));
}
