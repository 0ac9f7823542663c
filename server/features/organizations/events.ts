import type { OrganizationProfile } from "../../../contract/organizations";
import type { Bus } from "../../realtime/bus";

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
