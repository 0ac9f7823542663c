import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { RegisterOrganizationInput, RegisterVoterInput } from "../../contract/accounts";
import { sessionCookie } from "./support";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@test.votespace.local`;
}

export function voterInput(overrides: Partial<RegisterVoterInput> = {}): RegisterVoterInput {
  return {
    full_name: "Test Voter",
    email: uniqueEmail("voter"),
    password: "vs-secret12",
    phone_number: "+1 555 0100",
    id_type: "National ID",
    id_number: `ID${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

export function organizationInput(
  overrides: Partial<RegisterOrganizationInput> = {},
): RegisterOrganizationInput {
  return {
    full_name: "Test Admin",
    email: uniqueEmail("admin"),
    password: "vs-secret12",
    organization: `Org ${randomUUID().slice(0, 6)}`,
    country: "Kenya",
    ...overrides,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/session", payload: { email, password } });
  return sessionCookie(response);
}

/** A registered, signed-in voter. */
export async function createVoter(app: FastifyInstance, overrides: Partial<RegisterVoterInput> = {}) {
  const input = voterInput(overrides);
  const response = await app.inject({ method: "POST", url: "/api/accounts/voters", payload: input });
  if (response.statusCode !== 201) throw new Error(`voter registration failed: ${response.body}`);
  const cookie = await signIn(app, input.email, input.password);
  return { id: response.json().user_id as string, input, cookie };
}

/** A registered, signed-in organization admin with their organization. */
export async function createOrganization(
  app: FastifyInstance,
  overrides: Partial<RegisterOrganizationInput> = {},
) {
  const input = organizationInput(overrides);
  const response = await app.inject({ method: "POST", url: "/api/accounts/organizations", payload: input });
  if (response.statusCode !== 201) throw new Error(`organization registration failed: ${response.body}`);
  const cookie = await signIn(app, input.email, input.password);
  const session = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
  const organizationId = session.json().profile.organization_id as string;
  return { id: response.json().user_id as string, organizationId, input, cookie };
}

/**
 * A voter who joined the organization (through the public join). An organization with an election
 * requires approval: pass its administrator's cookie as `approvedBy` to approve the join.
 */
export async function createMember(
  app: FastifyInstance,
  organizationId: string,
  overrides: Partial<RegisterVoterInput> = {},
  approvedBy?: string,
) {
  const voter = await createVoter(app, overrides);
  await joinApproved(app, voter.cookie, organizationId, approvedBy);
  return voter;
}

/** Joins the organization with this cookie and, when the join waits for approval, approves it as `approvedBy`. */
export async function joinApproved(
  app: FastifyInstance,
  cookie: string,
  organizationId: string,
  approvedBy?: string,
): Promise<void> {
  const joined = await app.inject({
    method: "POST",
    url: `/api/organizations/${organizationId}/join`,
    headers: { cookie },
  });
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.body}`);
  if (joined.json().status === "joined") return;
  if (!approvedBy) throw new Error("the join waits for approval: pass the administrator's cookie");
  const me = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
  const requests = await app.inject({
    method: "GET",
    url: `/api/organizations/${organizationId}/join-requests`,
    headers: { cookie: approvedBy },
  });
  const request = requests
    .json()
    .requests.find((r: { user_id: string }) => r.user_id === me.json().profile.id);
  const approved = await app.inject({
    method: "POST",
    url: `/api/join-requests/${request?.id}/approve`,
    headers: { cookie: approvedBy },
  });
  if (approved.statusCode !== 200) throw new Error(`approval failed: ${approved.body}`);
}
