import type {
  AdminActionEntry,
  AdminMember,
  AdminMonitoring,
  AdminOrganization,
  AdminOverview,
  AdminSessionInfo,
  AdminSignInInput,
  DemoCredentials,
  OrganizationStatusFilter,
  Page,
} from "../../../../contract/admin";
import { api } from "../../api/http";

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** The admin portal's calls; the admin session is an httpOnly cookie the server checks on each. */
export const adminApi = {
  signIn: (input: AdminSignInInput) => api<AdminSessionInfo>("POST", "/api/admin/session", input),
  session: () => api<AdminSessionInfo>("GET", "/api/admin/session"),
  signOut: () => api<void>("DELETE", "/api/admin/session"),
  demoCredentials: () => api<DemoCredentials>("GET", "/api/admin/demo-credentials"),
  overview: () => api<AdminOverview>("GET", "/api/admin/overview"),
  organizations: (params: { status: OrganizationStatusFilter; q: string; offset: number }) =>
    api<Page<AdminOrganization>>("GET", `/api/admin/organizations${query(params)}`),
  setStatus: (organizationId: string, status: "active" | "suspended") =>
    api<{ organization: AdminOrganization }>("PUT", `/api/admin/organizations/${organizationId}/status`, {
      status,
    }),
  members: (params: { q: string; offset: number }) =>
    api<Page<AdminMember>>("GET", `/api/admin/members${query(params)}`),
  monitoring: () => api<AdminMonitoring>("GET", "/api/admin/monitoring"),
  actions: (params: { offset: number }) =>
    api<Page<AdminActionEntry>>("GET", `/api/admin/actions${query(params)}`),
};
