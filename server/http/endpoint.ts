import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { commonPasswordsLoaded, loadCommonPasswords } from "../../contract/accounts";
import {
  type AnyEndpoint,
  type EndpointParsed,
  type EndpointResponse,
  pathParams,
} from "../../contract/endpoint";
import { currentAdmin } from "./access";
import { parse, unauthorized } from "./errors";
import { noBody } from "./params";

type UserAuth = NonNullable<FastifyRequest["auth"]>;
type AdminAuth = NonNullable<FastifyRequest["admin"]>;

/** Who is calling, as the endpoint's access kind guarantees it (the access preHandler ran). */
type Caller<E extends AnyEndpoint> = E["access"] extends "admin"
  ? { admin: AdminAuth }
  : E["access"] extends "public"
    ? { auth: UserAuth | null }
    : { auth: UserAuth };

/** The handler's one argument: the parsed input, the caller, and the raw request and reply. */
export type EndpointCall<E extends AnyEndpoint> = EndpointParsed<E> &
  Caller<E> & { request: FastifyRequest; reply: FastifyReply };

/**
 * A handler answers the declared response, or the reply it sent itself (bytes already made, as
 * http/representation.ts sends them).
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  call: EndpointCall<E>,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E>;

/**
 * Registers the route of a declared endpoint. Its access goes to the access preHandler; then the
 * params, query and body are parsed with the declared schemas (params first, then query, then
 * body; the first problem is a 400 in the one error shape through `parse()`), a route that declares
 * no body refuses one, and the handler gets them typed. The handler must return the declared
 * response type (`tsc` fails otherwise), or the reply it sent itself; the answer is not checked
 * again at run time.
 * `senderOrder` keeps a session's requests in the order they came (sender-order.ts).
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<EndpointHandler<E>>,
  options: { senderOrder?: boolean } = {},
): void {
  checkDeclaration(endpoint);
  const { params, query, body } = endpoint;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, senderOrder: options.senderOrder },
    handler: async (request, reply) => {
      const input: Record<string, unknown> = {};
      if (params) input.params = parse(params, request.params);
      if (query) input.query = parse(query, request.query);
      if (body) {
        // A new password's schema refuses the common ones: their list (30 ms to load) is loaded by
        // the first request that carries a body, not at every start.
        if (!commonPasswordsLoaded()) await loadCommonPasswords();
        input.body = parse(body, request.body);
      } else if (endpoint.method !== "GET") noBody(request.body);
      const caller =
        endpoint.access === "admin"
          ? { admin: currentAdmin(request) }
          : { auth: callerAuth(endpoint, request) };
      return handler({ ...input, ...caller, request, reply } as unknown as EndpointCall<E>);
    },
  });
}

function callerAuth(endpoint: AnyEndpoint, request: FastifyRequest): UserAuth | null {
  if (endpoint.access !== "public" && !request.auth) throw unauthorized();
  return request.auth;
}

/** A path's `:params` and the declared params schema go together; anything else stops the app. */
function checkDeclaration(endpoint: AnyEndpoint): void {
  const names = pathParams(endpoint.path);
  if (names.length > 0 && !endpoint.params) {
    throw new Error(`${endpoint.method} ${endpoint.path} has route parameters but declares no params schema`);
  }
  if (names.length === 0 && endpoint.params) {
    throw new Error(`${endpoint.method} ${endpoint.path} declares params but its path has none`);
  }
}
