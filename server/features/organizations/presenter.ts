import type { OrganizationProfile, OrganizationSummary } from "../../../contract/organizations";
import type { Role } from "./policy";
import type { OrganizationRow } from "./queries";

export function presentSummary(row: Pick<OrganizationRow, "id" | "name" | "logoUrl">): OrganizationSummary {
  return { id: row.id, name: row.name, logo_url: row.logoUrl };
}

/** The profile as this viewer may see it: the invite code only for those who may share it. */
export function presentProfile(
  row: OrganizationRow,
  viewer: { role: Role; admin: boolean },
  counts: { members: number; channels: number },
): OrganizationProfile {
  const mayInvite = viewer.admin || (row.allowMemberInvites && viewer.role === "member");
  return {
    ...presentSummary(row),
    description: row.description,
    website: row.website,
    location: row.location,
    status: row.status,
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
    member_count: counts.members,
    channel_count: counts.channels,
    is_public: row.isPublic,
    allow_member_invites: row.allowMemberInvites,
    require_approval: row.requireApproval,
    two_factor_required: row.twoFactorRequired,
    timezone: row.timezone,
    invite_code: mayInvite ? row.inviteCode : null,
    role: viewer.role,
    can: { manage: viewer.admin, invite: mayInvite },
  };
}
