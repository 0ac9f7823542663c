import { endpoint, idParams, typedAnswer } from "./endpoint";
import type { AlertSeverity, AlertType } from "./monitoring";
import { trimmed, z } from "./zod";

/** The platform admin portal: its constants, messages, inputs and answers (spec part 2, "Admin portal"). */

export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 200;
export const ADMIN_USERNAME_MAX = 60;
/** The overview's "recent organizations" (spec part 2 section 9). */
export const RECENT_ORGANIZATIONS = 5;
/** An admin session ends after this much inactivity, and in any case this long after sign-in. */
export const ADMIN_IDLE_MINUTES = 30;
export const ADMIN_MAX_HOURS = 12;
export const ORGANIZATION_STATUS_FILTERS = ["all", "active", "inactive", "suspended"] as const;
export type OrganizationStatusFilter = (typeof ORGANIZATION_STATUS_FILTERS)[number];
export type OrganizationStatus = Exclude<OrganizationStatusFilter, "all">;
/** Inactive is displayed but not settable (spec part 2 section 4). */
export const SETTABLE_STATUSES = ["active", "suspended"] as const;
export const ADMIN_PAGE_SIZE = 50;
/**
 * The columns the paged tables sort by on the server (a page sorted alone would not be the list's
 * order), each list newest first unless told otherwise (spec part 2: "newest first").
 */
export const ORGANIZATION_SORTS = ["name", "owner", "members", "status", "created"] as const;
export type OrganizationSort = (typeof ORGANIZATION_SORTS)[number];
export const MEMBER_SORTS = ["name", "email", "role", "organization", "joined"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const ADMIN_PAGE_MAX = 200;

export const platformAdminMessages = {
  passwordTooShort: `Password must be at least ${ADMIN_PASSWORD_MIN} characters long`,
  fieldsRequired: "Username and password are required",
  invalidCredentials: "Invalid username or password",
  serviceError: "Authentication service error: ",
  networkError: "Network error: ",
  signInRequired: "Please sign in to the admin portal",
  sessionExpired: "Your admin session has expired. Please sign in again.",
  usernameInvalid: `Username must be 3 to ${ADMIN_USERNAME_MAX} letters, digits, dots, dashes or underscores`,
  usernameTaken: "An admin with this username already exists",
  statusInvalid: "Status must be active or suspended",
  statusFilterInvalid: "Status filter must be all, active, inactive or suspended",
  organizationSortInvalid: "Organizations can be sorted by name, owner, members, status or created",
  memberSortInvalid: "Members can be sorted by name, email, role, organization or joined",
  orderInvalid: "Sort order must be asc or desc",
  organizationNotFound: "Organization not found",
  accessNotice: "This area is restricted to platform administrators. Every access is logged and monitored.",
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,60}$/;

export const adminSignInInput = z.strictObject({
  username: z
    .string({ error: platformAdminMessages.fieldsRequired })
    .overwrite(trimmed)
    .min(1, { error: platformAdminMessages.fieldsRequired })
    .max(ADMIN_USERNAME_MAX, { error: platformAdminMessages.invalidCredentials }),
  password: z
    .string({ error: platformAdminMessages.fieldsRequired })
    .min(1, { error: platformAdminMessages.fieldsRequired })
    .min(ADMIN_PASSWORD_MIN, { error: platformAdminMessages.passwordTooShort })
    .max(ADMIN_PASSWORD_MAX, { error: platformAdminMessages.invalidCredentials }),
});
export type AdminSignInInput = z.input<typeof adminSignInInput>;

/** A new admin account (the admin:create command and the first-start environment variables). */
export const newAdminInput = z.strictObject({
  username: z
    .string()
    .overwrite(trimmed)
    .regex(USERNAME_PATTERN, { error: platformAdminMessages.usernameInvalid }),
  password: z
    .string()
    .min(ADMIN_PASSWORD_MIN, { error: platformAdminMessages.passwordTooShort })
    .max(ADMIN_PASSWORD_MAX, { error: `Password must be at most ${ADMIN_PASSWORD_MAX} characters long` }),
  full_name: z.string().overwrite(trimmed).max(100).default(""),
});

export const organizationStatusInput = z.strictObject({
  status: z.enum(SETTABLE_STATUSES, { error: platformAdminMessages.statusInvalid }),
});

const page = {
  q: z.string().overwrite(trimmed).max(100).default(""),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

const order = z.enum(SORT_ORDERS, { error: platformAdminMessages.orderInvalid }).default("desc");

export const organizationListQuery = z.strictObject({
  status: z
    .enum(ORGANIZATION_STATUS_FILTERS, { error: platformAdminMessages.statusFilterInvalid })
    .default("all"),
  sort: z
    .enum(ORGANIZATION_SORTS, { error: platformAdminMessages.organizationSortInvalid })
    .default("created"),
  order,
  ...page,
});
export type OrganizationListQuery = z.input<typeof organizationListQuery>;

export const memberListQuery = z.strictObject({
  sort: z.enum(MEMBER_SORTS, { error: platformAdminMessages.memberSortInvalid }).default("joined"),
  order,
  ...page,
});
export type MemberListQuery = z.input<typeof memberListQuery>;

export const actionListQuery = z.strictObject(page);

/** The Monitoring tab's search, through every security event (its list shows the newest that match). */
export const monitoringSearchQuery = z.strictObject({ q: page.q });

/** The audit log's words for each action (the screen shows them; its search matches them). */
export const ADMIN_ACTION_NAMES: Record<string, string> = {
  "session.signed_in": "Signed in",
  "session.sign_in_failed": "Failed sign-in",
  "session.sign_in_refused": "Sign-in refused: too many attempts",
  "session.signed_out": "Signed out",
  "organization.activated": "Activated organization",
  "organization.suspended": "Suspended organization",
  "admin.created": "Admin account created",
};

/** The spec's "Admin login result" and "Admin session": who is signed in, and since when. */
export interface AdminUserData {
  id: string;
  username: string;
  full_name: string;
  last_sign_in_at: string | null;
}

export interface AdminSessionInfo {
  is_valid: true;
  is_admin: true;
  username: string;
  user_data: AdminUserData;
  login_time: string;
  expires_at: string;
}

export interface DemoCredentials {
  username: string;
  password: string;
}

export interface AdminOrganization {
  id: string;
  name: string;
  description: string;
  status: OrganizationStatus;
  owner_id: string;
  /** null when the owner's account is gone (shown as 'Unknown'). */
  owner_name: string | null;
  owner_email: string | null;
  member_count: number;
  created_at: string;
}

export interface AdminOverview {
  total_organizations: number;
  active_organizations: number;
  /** Every account: voters and organization users. */
  total_members: number;
  /** Voters who voted in an election, counted per election (each election's votes_cast, summed). */
  total_votes: number;
  recent_organizations: Array<Pick<AdminOrganization, "id" | "name" | "status" | "created_at">>;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface AdminMember {
  id: string;
  /** '' when the account has no name (shown as 'Unknown User'). */
  full_name: string;
  email: string;
  role: "voter" | "organization";
  organization_id: string | null;
  /** null: 'No organization'. */
  organization_name: string | null;
  created_at: string;
}

export interface AdminAlert {
  id: string;
  organization_id: string;
  organization_name: string;
  type: AlertType;
  severity: AlertSeverity;
  description: string;
  created_at: string;
  resolved: boolean;
}

export interface AdminMonitoring {
  /** Voting sessions in progress (status active) across every organization. */
  active_sessions: number;
  /** Sessions the risk rules marked suspicious or an administrator blocked. */
  flagged_sessions: number;
  unresolved_alerts: number;
  health: {
    database: "reachable" | "unreachable";
    /** Round trip of a trivial query, measured now. */
    database_latency_ms: number | null;
    /** Server processes whose heartbeat the database saw in the last 30 seconds. */
    live_processes: number;
    /** Signed-in users with a realtime connection open now. */
    connected_users: number;
  };
  recent_alerts: AdminAlert[];
  measured_at: string;
}

export interface AdminActionEntry {
  id: string;
  admin_username: string | null;
  action: string;
  target_type: string;
  target_id: string;
  /** The target's name where it has one (an organization's). */
  target_name: string | null;
  detail: Record<string, unknown>;
  ip: string;
  created_at: string;
}

/**
 * The platform admin portal's endpoints. Signing in and out, and the demo box, are public;
 * everything else is "admin" access: the admin session cookie, checked on the server at every call.
 */
/** An admin-only read. */
const adminRead = { method: "GET", access: "admin" } as const;

export const platformAdminEndpoints = {
  signIn: endpoint({
    method: "POST",
    path: "/api/admin/session",
    access: "public",
    body: adminSignInInput,
    response: typedAnswer<AdminSessionInfo>(),
  }),
  /** null without an admin cookie (the sign-in page's question); an ended session is refused 401. */
  session: endpoint({
    method: "GET",
    path: "/api/admin/session",
    access: "public",
    response: typedAnswer<AdminSessionInfo | null>(),
  }),
  /** Answered 204 with no body, signed in or not. */
  signOut: endpoint({
    method: "DELETE",
    path: "/api/admin/session",
    access: "public",
    response: typedAnswer<void>(),
  }),
  /**
   * The sign-in page's demo box: only on a demo server, and only to its own machine. Anyone else
   * gets null, the same answer whatever the server (no error in the sign-in page's console).
   */
  demoCredentials: endpoint({
    method: "GET",
    path: "/api/admin/demo-credentials",
    access: "public",
    response: typedAnswer<DemoCredentials | null>(),
  }),
  overview: endpoint({
    ...adminRead,
    path: "/api/admin/overview",
    response: typedAnswer<AdminOverview>(),
  }),
  organizations: endpoint({
    ...adminRead,
    path: "/api/admin/organizations",
    query: organizationListQuery,
    response: typedAnswer<Page<AdminOrganization>>(),
  }),
  setStatus: endpoint({
    method: "PUT",
    path: "/api/admin/organizations/:id/status",
    access: "admin",
    params: idParams,
    body: organizationStatusInput,
    response: typedAnswer<{ organization: AdminOrganization }>(),
  }),
  members: endpoint({
    ...adminRead,
    path: "/api/admin/members",
    query: memberListQuery,
    response: typedAnswer<Page<AdminMember>>(),
  }),
  monitoring: endpoint({
    ...adminRead,
    path: "/api/admin/monitoring",
    query: monitoringSearchQuery,
    response: typedAnswer<AdminMonitoring>(),
  }),
  actions: endpoint({
    ...adminRead,
    path: "/api/admin/actions",
    query: actionListQuery,
    response: typedAnswer<Page<AdminActionEntry>>(),
  }),
};
