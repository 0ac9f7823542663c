import type {
  CalendarEvent,
  InvitePreview,
  JoinRequest,
  JoinResult,
  Member,
  MemberRoleInput,
  MyOrganizations,
  OrganizationProfile,
  OrganizationSettingsInput,
  OrganizationStats,
  SearchResult,
  TotpSetup,
  UpdateOrganizationInput,
} from "../../../../contract/organizations";
import { api } from "../../api/http";

export const organizationsApi = {
  mine: () => api<MyOrganizations>("GET", "/api/organizations/mine"),
  switchTo: (organizationId: string) =>
    api<MyOrganizations>("PUT", "/api/organizations/current", { organization_id: organizationId }),
  search: (q: string) =>
    api<{ organizations: SearchResult[] }>("GET", `/api/organizations/search?q=${encodeURIComponent(q)}`),
  profile: (id: string) => api<OrganizationProfile>("GET", `/api/organizations/${id}`),
  stats: (id: string) => api<OrganizationStats>("GET", `/api/organizations/${id}/stats`),
  calendar: (id: string, from: Date, to: Date) =>
    api<{ events: CalendarEvent[] }>(
      "GET",
      `/api/organizations/${id}/calendar?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`,
    ),
  online: (id: string) => api<{ user_ids: string[] }>("GET", `/api/organizations/${id}/online`),
  members: (id: string) => api<{ members: Member[] }>("GET", `/api/organizations/${id}/members`),
  leave: (id: string) => api<{ success: true; message: string }>("POST", `/api/organizations/${id}/leave`),
  removeMember: (id: string, userId: string) =>
    api<{ success: true; message: string }>("DELETE", `/api/organizations/${id}/members/${userId}`),
  setMemberRole: (id: string, userId: string, role: MemberRoleInput["role"]) =>
    api<{ member: Member }>("PATCH", `/api/organizations/${id}/members/${userId}`, { role }),
  update: (id: string, input: UpdateOrganizationInput) =>
    api<OrganizationProfile>("PATCH", `/api/organizations/${id}`, input),
  updateSettings: (id: string, input: OrganizationSettingsInput) =>
    api<OrganizationProfile>("PATCH", `/api/organizations/${id}/settings`, input),
  newInviteCode: (id: string, password?: string) =>
    api<{ invite_code: string }>(
      "POST",
      `/api/organizations/${id}/invite-code`,
      password ? { password } : undefined,
    ),
  /** Multipart upload of a PNG, JPEG, GIF or WebP logo (10 MB at most). */
  uploadLogo: async (id: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    const response = await fetch(`/api/organizations/${id}/logo`, {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new Error(data?.error?.message ?? `Upload failed (${response.status})`);
    return data as OrganizationProfile;
  },
  join: (id: string) => api<JoinResult>("POST", `/api/organizations/${id}/join`),
  invite: (code: string) => api<InvitePreview>("GET", `/api/invites/${encodeURIComponent(code)}`),
  acceptInvite: (code: string) => api<JoinResult>("POST", `/api/invites/${encodeURIComponent(code)}/accept`),
  joinRequests: (id: string) =>
    api<{ requests: JoinRequest[] }>("GET", `/api/organizations/${id}/join-requests`),
  decide: (requestId: string, approve: boolean) =>
    api<{ success: true; message: string }>(
      "POST",
      `/api/join-requests/${requestId}/${approve ? "approve" : "decline"}`,
    ),
  // `password`: when the user's settings ask for it before sensitive actions ("Require Password").
  twoFactorSetup: (password?: string) =>
    api<TotpSetup>("POST", "/api/account/two-factor/setup", password ? { password } : {}),
  twoFactorEnable: (code: string, password?: string) =>
    api<{ success: true }>("POST", "/api/account/two-factor/enable", { code, ...(password && { password }) }),
  twoFactorDisable: (code: string, password?: string) =>
    api<{ success: true }>("POST", "/api/account/two-factor/disable", {
      code,
      ...(password && { password }),
    }),
};

/** The invite link shown and shared: this site's origin + /join/{code}. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/join/${code}`;
}
