/** The organizations feature's endpoints, declared once; the schemas, types and messages they use are in `organizations.ts`. */
import { done, endpoint, idParams, typedAnswer } from "./endpoint";
import {
  type CalendarEvent,
  calendarQuery,
  type InvitePreview,
  inviteParams,
  type JoinRequest,
  type JoinResult,
  type Member,
  memberParams,
  memberRoleInput,
  type OrganizationProfile,
  type OrganizationStats,
  organizationSettingsInput,
  type SearchResult,
  searchQuery,
  updateOrganizationInput,
} from "./organizations";
import { passwordConfirmInput } from "./settings-input";
import { workspaceEndpoints } from "./workspace-endpoints";

/**
 * Organizations' endpoints. The logo upload (multipart) is registered by the uploads feature and
 * called with `uploadLogo` (web/src/features/organizations/uploadLogo.ts).
 */
export const organizationsEndpoints = {
  ...workspaceEndpoints,
  search: endpoint({
    method: "GET",
    path: "/api/organizations/search",
    access: "user",
    query: searchQuery,
    response: typedAnswer<{ organizations: SearchResult[] }>(),
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/organizations/:id/stats",
    access: "user",
    params: idParams,
    response: typedAnswer<OrganizationStats>(),
  }),
  calendar: endpoint({
    method: "GET",
    path: "/api/organizations/:id/calendar",
    access: "user",
    params: idParams,
    query: calendarQuery,
    response: typedAnswer<{ events: CalendarEvent[] }>(),
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/organizations/:id",
    access: "user",
    params: idParams,
    body: updateOrganizationInput,
    response: typedAnswer<OrganizationProfile>(),
  }),
  updateSettings: endpoint({
    method: "PATCH",
    path: "/api/organizations/:id/settings",
    access: "user",
    params: idParams,
    body: organizationSettingsInput,
    response: typedAnswer<OrganizationProfile>(),
  }),
  /** `password`: when the user's settings ask for it before sensitive actions. */
  newInviteCode: endpoint({
    method: "POST",
    path: "/api/organizations/:id/invite-code",
    access: "user",
    params: idParams,
    body: passwordConfirmInput.default({}),
    response: typedAnswer<{ invite_code: string }>(),
  }),
  /** Public: a signed-out caller is told to sign in, in the spec's words. */
  join: endpoint({
    method: "POST",
    path: "/api/organizations/:id/join",
    access: "public",
    params: idParams,
    response: typedAnswer<JoinResult>(),
  }),
  invite: endpoint({
    method: "GET",
    path: "/api/invites/:code",
    access: "public",
    params: inviteParams,
    response: typedAnswer<InvitePreview>(),
  }),
  acceptInvite: endpoint({
    method: "POST",
    path: "/api/invites/:code/accept",
    access: "public",
    params: inviteParams,
    response: typedAnswer<JoinResult>(),
  }),
  joinRequests: endpoint({
    method: "GET",
    path: "/api/organizations/:id/join-requests",
    access: "user",
    params: idParams,
    response: typedAnswer<{ requests: JoinRequest[] }>(),
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/join-requests/:id/approve",
    access: "user",
    params: idParams,
    response: done,
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/join-requests/:id/decline",
    access: "user",
    params: idParams,
    response: done,
  }),
  leave: endpoint({
    method: "POST",
    path: "/api/organizations/:id/leave",
    access: "user",
    params: idParams,
    response: done,
  }),
  removeMember: endpoint({
    method: "DELETE",
    path: "/api/organizations/:id/members/:userId",
    access: "user",
    params: memberParams,
    response: done,
  }),
  setMemberRole: endpoint({
    method: "PATCH",
    path: "/api/organizations/:id/members/:userId",
    access: "user",
    params: memberParams,
    body: memberRoleInput,
    response: typedAnswer<{ member: Member }>(),
  }),
};
