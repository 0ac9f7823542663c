import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { commonPasswordsLoaded, loadCommonPasswords } from "../../contract/accounts";
import {
  type AnyEndpoint,
  type EndpointParsed,
  type EndpointResponse,
  pathParams,
} from "../../contract/endpoint";
import { currentAdmin, type SessionInWrite } from "./access";
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
  register(app, endpoint, options, (input, request, reply) => {
    const caller =
      endpoint.access === "admin"
        ? { admin: currentAdmin(request) }
        : { auth: callerAuth(endpoint, request) };
    return handler({ ...input, ...caller, request, reply } as unknown as EndpointCall<E>);
  });
}

/**
 * A route whose one write reads its session itself, beside every other rule it checks (the vote's
 * cast: one statement and one round trip where the session's read would be a second before it).
 * Its handler gets `session` (access.ts SessionInWrite) instead of `auth`: nothing was read yet, and
 * `session.resolve()` gives the user, or the 401 or 403 any other route gives, when the write
 * refused. Without a session cookie the route answers 401 as any other.
 */
export function routeWithSessionInWrite<E extends AnyEndpoint & { access: "voter" }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    call: EndpointParsed<E> & { session: SessionInWrite; request: FastifyRequest; reply: FastifyReply },
  ) => Promise<EndpointResponse<E>>,
): void {
  register(app, endpoint, { sessionInWrite: true }, (input, request, reply) => {
    const session = request.sessionInWrite;
    if (!session) throw unauthorized();
    return handler({ ...input, session, request, reply } as Parameters<typeof handler>[0]);
  });
}

/** The route itself: params, query and body parsed as route() says, then `call`. */
function register(
  app: FastifyInstance,
  endpoint: AnyEndpoint,
  options: { senderOrder?: boolean; sessionInWrite?: boolean },
  call: (input: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  checkDeclaration(endpoint);
  const { params, query, body } = endpoint;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, ...options },
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
      return call(input, request, reply);
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
