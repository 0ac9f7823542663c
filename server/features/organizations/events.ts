import { eq } from "drizzle-orm";
import type { OrganizationProfile } from "../../../contract/organizations";
import type { Db } from "../../db/connect";
import { organizationMemberships } from "../../db/schema";
import type { Bus } from "../../realtime/bus";
import { membersWhere } from "./service";

/** Every open screen of the organization re-reads what changed in its profile. */
export function announceProfile(bus: Bus, profile: OrganizationProfile): Promise<void> {
  return bus.publish(`org:${profile.id}`, "organization.updated", {
    organization: {
      id: profile.id,
      name: profile.name,
      description: profile.description,
      website: profile.website,
      location: profile.location,
      logo_url: profile.logo_url,
    },
  });
}

/**
 * A member is gone (left, or removed): the organization's screens drop them, and their own tabs
 * (on their user topic, which they keep) leave the organization. Their sockets stop receiving the
 * organization's events as soon as this is delivered (`realtime/socket.ts`).
 */
export async function announceDeparture(
  bus: Bus,
  organizationId: string,
  userId: string,
  reason: "left" | "removed",
): Promise<void> {
  const payload = { organization_id: organizationId, user_id: userId, reason };
  await bus.publish(`org:${organizationId}`, "member.left", payload);
  await bus.publish(`user:${userId}`, "member.left", payload);
}

/**
 * The member's record as members see it changed (their e-mail shared, or no longer): each of their
 * organizations' open lists take it in, with only the e-mails everyone may see (membersWhere, no
 * viewer). Administrators see every e-mail whatever the member shares, and have nothing to change.
 */
export async function announceMemberUpdated(db: Db, bus: Bus, userId: string): Promise<void> {
  const theirs = await db
    .select({ id: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId));
  for (const { id } of theirs) {
    const [member] = await membersWhere(db, id, [userId]);
    if (member) await bus.publish(`org:${id}`, "member.updated", { organization_id: id, member });
  }
}
