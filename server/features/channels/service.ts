import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type ChannelPosters, channelSettingsMessages } from "../../../contract/channel-settings";
import {
  CHANNEL_NAME_MAX,
  type Channel,
  DEFAULT_PERMISSIONS,
  type DeliveredCodes,
  DUPLICATE_SUFFIX,
} from "../../../contract/channels";
import type {
  channelPreferencesInput,
  createChannelInput,
  updateChannelInput,
} from "../../../contract/channels-input";
import { messages } from "../../../contract/messages";
import type { Db } from "../../db/connect";
import { escapeLike } from "../../db/like";
import { inList } from "../../db/params";
import {
  channelMembers,
  channelPreferences,
  channels,
  organizationMemberships,
  organizations,
  posts,
  uploads,
} from "../../db/schema";
import { hasChanges, mergedJsonb } from "../../db/update";
import { atVersion, raisedVersion, requireVersion, requireWritten } from "../../db/versions";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/db-errors";
import type { User } from "../accounts/sessions";
import { guardSecurityChange } from "../elections/audit";
import { withdrawChannelElection } from "../elections/channel-deletion";
import { createElectionDefinition } from "../elections/definition";
import { requireApprovalFromFirstElection } from "../organizations/approval";
import { isAdmin, requireActiveOrganization, requireMember, roleIn } from "../organizations/policy";
import { type Removed, removePostsWhere } from "../posts/removal";
import { checkSecurityFor, effectiveSecurity, refuseUndeliveredCodes } from "./checks";
import { type ChannelRow, presentChannel } from "./presenter";

/** The channels of an organization as this member sees them, oldest first. */
export async function listChannels(
  db: Db,
  clock: Clock,
  user: User,
  organizationId: string,
): Promise<Channel[]> {
  const role = await requireMember(db, user, organizationId);
  const rows = await db
    .select({ channel: channels, preferences: channelPreferences, granted: channelMembers.userId })
    .from(channels)
    .leftJoin(
      channelPreferences,
      and(eq(channelPreferences.channelId, channels.id), eq(channelPreferences.userId, user.id)),
    )
    .leftJoin(
      channelMembers,
      and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, user.id)),
    )
    .where(eq(channels.organizationId, organizationId))
    .orderBy(asc(channels.createdAt), asc(channels.name));
  const admin = isAdmin(user, role);
  return rows.map((row) =>
    presentChannel(row.channel, { admin, grantedPost: !!row.granted, user }, row.preferences, clock),
  );
}

/** One channel for a member of its organization; outsiders get 404, as if it did not exist. */
export async function getChannel(db: Db, clock: Clock, user: User, channelId: string): Promise<Channel> {
  const row = await findChannel(db, channelId);
  const role = await roleIn(db, user.id, row.organizationId);
  if (!role) throw notFound(messages.channelNotFound);
  const [preferences] = await db
    .select()
    .from(channelPreferences)
    .where(and(eq(channelPreferences.channelId, channelId), eq(channelPreferences.userId, user.id)));
  const [granted] = await db
    .select({ userId: channelMembers.userId })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, user.id)));
  return presentChannel(
    row,
    { admin: isAdmin(user, role), grantedPost: !!granted, user },
    preferences ?? null,
    clock,
  );
}

async function findChannel(db: Db, channelId: string): Promise<ChannelRow> {
  const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
  if (!row) throw notFound(messages.channelNotFound);
  return row;
}

/** The channel, for an administrator of its organization. */
async function channelForAdmin(db: Db, user: User, channelId: string): Promise<ChannelRow> {
  const row = await findChannel(db, channelId);
  const role = await roleIn(db, user.id, row.organizationId);
  if (!role) throw notFound(messages.channelNotFound);
  if (!isAdmin(user, role)) throw forbidden(messages.channelAdminOnly);
  return row;
}

/** The channel, for an administrator changing it: not while the organization is suspended (requireManager). */
async function channelToChange(db: Db, user: User, channelId: string): Promise<ChannelRow> {
  const row = await channelForAdmin(db, user, channelId);
  await requireActiveOrganization(db, row.organizationId);
  return row;
}

function nameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error, "channels_org_type_name_key")) throw conflict(messages.channelNameTaken(name));
  throw error;
}

/**
 * Creates a channel in the user's organization; for an election channel also its election,
 * positions and candidates, all in one transaction. Members may open public text, airing and
 * live channels; election and private channels are for administrators. `approvalTurnedOnFor`: the
 * organization's name when its first election turned "Require Admin Approval" on (approval.ts).
 */
export async function createChannel(
  db: Db,
  clock: Clock,
  user: User,
  input: z.output<typeof createChannelInput>,
): Promise<{ channel: Channel; approvalTurnedOnFor: string | null }> {
  const organizationId = input.organization_id ?? user.organizationId;
  if (!organizationId) throw badRequest(messages.noOrganization);
  const role = await roleIn(db, user.id, organizationId);
  if (!role) throw badRequest(messages.noOrganization);
  await requireActiveOrganization(db, organizationId);
  const admin = isAdmin(user, role);
  if (input.type === "election" && !admin) throw forbidden(messages.electionChannelAdminOnly);
  if (input.is_private && !admin) throw forbidden(messages.privateChannelAdminOnly);
  checkSecurityFor(input.type, input.security_settings);

  const voting = input.type === "election" ? (input.voting_settings ?? null) : null;
  try {
    let approvalTurnedOnFor: string | null = null;
    const row = await db.transaction(async (tx) => {
      const [channel] = await tx
        .insert(channels)
        .values({
          organizationId,
          name: input.name,
          type: input.type,
          description: input.description,
          isPrivate: input.is_private,
          createdBy: user.id,
          securitySettings: input.security_settings,
          votingSettings: voting,
          permissions: DEFAULT_PERMISSIONS,
        })
        .returning();
      if (!channel) throw new Error("channel insert returned nothing");
      if (voting) {
        const [organization] = await tx
          .select({ timezone: organizations.timezone })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        await createElectionDefinition(tx, {
          organizationId,
          timeZone: organization?.timezone ?? "UTC",
          now: clock.now(),
          channelId: channel.id,
          title: input.name,
          description: input.description,
          voting,
        });
        approvalTurnedOnFor = await requireApprovalFromFirstElection(tx, organizationId);
      }
      return channel;
    });
    return {
      channel: presentChannel(row, { admin, grantedPost: false, user }, null, clock),
      approvalTurnedOnFor,
    };
  } catch (error) {
    nameTaken(error, input.name);
  }
}

/**
 * Rename, describe, change visibility, security settings or permissions (administrators).
 *
 * Two administrators (or tabs) at once: the security settings are one set of rules (an election's
 * verification rules until voting opens), saved whole, so a save that names the `security_version` it
 * started from is written only while the channel is still at it (checked in the update that raises
 * it) and otherwise refused with 409, its election's audit left as it was. The permissions are
 * independent switches: only those named are merged into the stored ones, in the update itself. The
 * name, description and visibility are single fields, each saved alone.
 */
export async function updateChannel(
  db: Db,
  clock: Clock,
  user: User,
  channelId: string,
  input: z.output<typeof updateChannelInput>,
  codes: DeliveredCodes,
): Promise<Channel> {
  const row = await channelToChange(db, user, channelId);
  if (input.name !== undefined && input.name === row.name) throw badRequest(messages.renameSame);
  checkSecurityFor(row.type, input.security_settings);
  refuseUndeliveredCodes(input.security_settings, codes, row.securitySettings);
  const security = input.security_settings;
  try {
    await db.transaction(async (tx) => {
      // An election's verification rules: recorded while upcoming, frozen once voting opened (told
      // so before that the form is stale: voting opening does not move the settings' version).
      if (security !== undefined && row.type === "election") {
        await guardSecurityChange(tx, {
          channelId,
          actorId: user.id,
          before: row.securitySettings,
          after: security,
        });
      }
      // Stale already when read: the audit above named the settings of an older version.
      if (security !== undefined)
        requireVersion(input.security_version, row.securityVersion, changedElsewhere);
      const values = {
        name: input.name,
        description: input.description,
        isPrivate: input.is_private,
        ...(security !== undefined && {
          securitySettings: security,
          securityVersion: raisedVersion(channels.securityVersion),
        }),
        // Only the switches named, merged in the update: another's change to the others stays.
        ...(input.permissions &&
          hasChanges(input.permissions) && {
            permissions: mergedJsonb(channels.permissions, input.permissions),
          }),
      };
      if (!hasChanges(values)) return;
      const [written] = await tx
        .update(channels)
        .set(values)
        .where(
          and(
            eq(channels.id, channelId),
            security === undefined ? undefined : atVersion(channels.securityVersion, input.security_version),
          ),
        )
        .returning({ id: channels.id });
      // Moved on meanwhile (another save from the same version came first): nothing of this one stays.
      if (security !== undefined) requireWritten(written, changedElsewhere);
    });
  } catch (error) {
    nameTaken(error, input.name ?? row.name);
  }
  return getChannel(db, clock, user, channelId);
}

/**
 * A copy named "{name}-copy" (then -copy-2, -copy-3…), the name cut so that it fits with its suffix,
 * with the same settings; an election channel gets a new upcoming election.
 */
export async function duplicateChannel(
  db: Db,
  clock: Clock,
  user: User,
  channelId: string,
): Promise<Channel> {
  const row = await channelToChange(db, user, channelId);
  const copyName = (n: number) => {
    const suffix = n === 1 ? DUPLICATE_SUFFIX : `${DUPLICATE_SUFFIX}-${n}`;
    return `${row.name.slice(0, CHANNEL_NAME_MAX - suffix.length)}${suffix}`;
  };
  // Every copy's name begins with the name cut to leave room for the longest suffix tried.
  const stem = row.name.slice(0, CHANNEL_NAME_MAX - `${DUPLICATE_SUFFIX}-9999`.length);
  const taken = await db
    .select({ name: channels.name })
    .from(channels)
    .where(
      and(
        eq(channels.organizationId, row.organizationId),
        sql`lower(${channels.name}) like ${`${escapeLike(stem.toLowerCase())}%`}`,
      ),
    );
  const names = new Set(taken.map((t) => t.name.toLowerCase()));
  let n = 1;
  while (names.has(copyName(n).toLowerCase())) n++;
  const name = copyName(n);
  // A copy of an election channel is never the organization's first election: nothing else changes.
  const { channel } = await createChannel(db, clock, user, {
    organization_id: row.organizationId,
    name,
    type: row.type,
    description: row.description,
    is_private: row.isPrivate,
    security_settings: effectiveSecurity(row.type, row.securitySettings),
    voting_settings: row.votingSettings ?? undefined,
  });
  return channel;
}

/**
 * Deletes a channel with its messages, and with them their files: the channel's own uploads, and
 * those its forwarded copies showed that no other message shows (rows now; the caller removes the
 * files after commit). The open reports of its messages went too (told to the administrators).
 */
export async function deleteChannel(
  db: Db,
  clock: Clock,
  user: User,
  channelId: string,
): Promise<{ row: ChannelRow } & Removed> {
  const row = await channelToChange(db, user, channelId);
  const removed = await db.transaction(async (tx) => {
    // An election channel takes its election with it, or is refused once voting opened.
    await withdrawChannelElection(tx, channelId, clock.now());
    const own = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.channelId, channelId));
    const gone = await removePostsWhere(tx, eq(posts.channelId, channelId));
    await tx.delete(channels).where(eq(channels.id, channelId));
    return { ...gone, removedUploads: [...new Set([...own.map((u) => u.id), ...gone.removedUploads])] };
  });
  return { row, ...removed };
}

/** The viewer's own notification, mute, hidden and favourite choices for a channel. */
export async function setChannelPreferences(
  db: Db,
  clock: Clock,
  user: User,
  channelId: string,
  input: z.output<typeof channelPreferencesInput>,
): Promise<Channel> {
  await getChannel(db, clock, user, channelId);
  const mute =
    input.mute === undefined
      ? {}
      : input.mute === false
        ? { muted: false, mutedUntil: null }
        : {
            muted: true,
            mutedUntil: input.mute === null ? null : new Date(clock.now().getTime() + input.mute * 60_000),
          };
  const values = {
    ...(input.notify !== undefined && { notify: input.notify }),
    ...mute,
    ...(input.hidden !== undefined && { hidden: input.hidden }),
    ...(input.favorite !== undefined && { favorite: input.favorite }),
  };
  if (hasChanges(values)) {
    await db
      .insert(channelPreferences)
      .values({ channelId, userId: user.id, ...values })
      .onConflictDoUpdate({ target: [channelPreferences.channelId, channelPreferences.userId], set: values });
  }
  return getChannel(db, clock, user, channelId);
}

const changedElsewhere = channelSettingsMessages.securityChangedElsewhere;

/** Members allowed to post in a private channel (administrators always may), with the list's version. */
export async function channelPosters(db: Db, user: User, channelId: string): Promise<ChannelPosters> {
  const row = await channelForAdmin(db, user, channelId);
  const rows = await db
    .select({ userId: channelMembers.userId })
    .from(channelMembers)
    .where(eq(channelMembers.channelId, channelId));
  return { user_ids: rows.map((r) => r.userId), version: row.postersVersion };
}

export async function setChannelPosters(
  db: Db,
  user: User,
  channelId: string,
  userIds: string[],
  version?: number,
): Promise<{ posters: ChannelPosters; organizationId: string }> {
  const row = await channelToChange(db, user, channelId);
  const unique = [...new Set(userIds)];
  // Every one a member, in one statement (up to 10,000 picked: one read each took seconds).
  if (unique.length > 0) {
    const [members] = await db
      .select({ n: count() })
      .from(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.organizationId, row.organizationId),
          inList(organizationMemberships.userId, unique),
        ),
      );
    if ((members?.n ?? 0) < unique.length) throw badRequest(messages.notMember);
  }
  const saved = await db.transaction(async (tx) => {
    // The list is chosen whole: written only while it is still at the version the choice started
    // from, checked in the update that raises it and holds the channel's row until commit.
    const [raised] = await tx
      .update(channels)
      .set({ postersVersion: raisedVersion(channels.postersVersion) })
      .where(and(eq(channels.id, channelId), atVersion(channels.postersVersion, version)))
      .returning({ version: channels.postersVersion });
    const { version: next } = requireWritten(raised, channelSettingsMessages.postersChangedElsewhere);
    await tx.delete(channelMembers).where(eq(channelMembers.channelId, channelId));
    if (unique.length > 0)
      await tx.insert(channelMembers).values(unique.map((userId) => ({ channelId, userId })));
    return next;
  });
  return { posters: { user_ids: unique, version: saved }, organizationId: row.organizationId };
}
