import { endpoint, idParams, typedAnswer } from "./endpoint";
import {
  type Member,
  type MyOrganizations,
  type OrganizationProfile,
  switchOrganizationInput,
} from "./organizations";

/**
 * The organization endpoints the workspace's shell reads on every page (the ballot page included),
 * declared on their own and spread into `organizationsEndpoints`: importing that brought every
 * organization endpoint into the first load.
 */
export const workspaceEndpoints = {
  mine: endpoint({
    method: "GET",
    path: "/api/organizations/mine",
    access: "user",
    response: typedAnswer<MyOrganizations>(),
  }),
  switchTo: endpoint({
    method: "PUT",
    path: "/api/organizations/current",
    access: "user",
    body: switchOrganizationInput,
    response: typedAnswer<MyOrganizations>(),
  }),
  profile: endpoint({
    method: "GET",
    path: "/api/organizations/:id",
    access: "user",
    params: idParams,
    response: typedAnswer<OrganizationProfile>(),
  }),
  /** Who is online now (presence.updated events keep it current). */
  online: endpoint({
    method: "GET",
    path: "/api/organizations/:id/online",
    access: "user",
    params: idParams,
    response: typedAnswer<{ user_ids: string[] }>(),
  }),
  members: endpoint({
    method: "GET",
    path: "/api/organizations/:id/members",
    access: "user",
    params: idParams,
    response: typedAnswer<{ members: Member[] }>(),
  }),
};
