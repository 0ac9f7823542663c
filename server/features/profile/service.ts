import { and, desc, eq, isNotNull, min, sql } from "drizzle-orm";
import { ID_HASH_SHOWN, type PollingStation, type VoterProfile } from "../../../contract/profile";
import type { Db } from "../../db/connect";
import {
  channels,
  elections,
  organizationMemberships,
  organizations,
  verificationGrants,
} from "../../db/schema";
import type { User } from "../accounts/sessions";

/** The profile screen's facts about the signed-in user, each read from its rows. */
export async function voterProfile(db: Db, user: User): Promise<VoterProfile> {
  const [[organization], [verified]] = await Promise.all([
    user.organizationId
      ? db
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, user.organizationId))
      : Promise.resolve([]),
    db
      .select({ first: min(verificationGrants.createdAt) })
      .from(verificationGrants)
      .where(eq(verificationGrants.userId, user.id)),
  ]);
  const verifiedAt = verified?.first ?? null;
  return {
    id: user.id,
    full_name: user.fullName,
    email: user.email,
    phone_number: user.phoneNumber ?? "",
    avatar_url: "",
    role: user.userType,
    id_type: user.idType,
    id_hash_prefix: user.voterIdHash ? user.voterIdHash.slice(0, ID_HASH_SHOWN) : null,
    created_at: user.createdAt.toISOString(),
    organization_id: user.organizationId,
    organization_name: organization?.name ?? null,
    verified_voter: verifiedAt !== null,
    verified_at: verifiedAt ? new Date(verifiedAt).toISOString() : null,
    two_factor_enabled: user.totpEnabled,
  };
}

/**
 * "Find My Polling Station": the election channels of every organization the user belongs to,
 * open ones first, with whether the user voted there (never for whom).
 */
export async function pollingStations(db: Db, user: User): Promise<PollingStation[]> {
  const voted = sql<boolean>`exists (select 1 from participations p where p.election_id = ${elections.id} and p.user_id = ${user.id})`;
  const rows = await db
    .select({
      election: elections,
      channelName: channels.name,
      organizationName: organizations.name,
      timeZone: organizations.timezone,
      voted,
    })
    .from(elections)
    .innerJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.organizationId, elections.organizationId),
        eq(organizationMemberships.userId, user.id),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, elections.organizationId))
    .innerJoin(channels, eq(channels.id, elections.channelId))
    .where(isNotNull(elections.channelId))
    .orderBy(
      sql`case ${elections.status} when 'active' then 0 when 'upcoming' then 1 else 2 end`,
      desc(elections.startsAt),
    )
    .limit(100);
  return rows.map((row) => ({
    election_id: row.election.id,
    title: row.election.title,
    status: row.election.status,
    starts_at: row.election.startsAt.toISOString(),
    ends_at: row.election.endsAt.toISOString(),
    time_zone: row.timeZone,
    channel_id: row.election.channelId as string,
    channel_name: row.channelName,
    organization_id: row.election.organizationId,
    organization_name: row.organizationName,
    voted: row.voted,
  }));
}
