import { messages } from "./messages";
import { lower, z } from "./zod";

/**
 * An endpoint declared once: the server registers its route from it (server/http/endpoint.ts) and
 * the web app calls it through one typed client (web/src/api/client.ts). Each feature declares its
 * endpoints in `contract/<feature>.ts` as `<feature>Endpoints`.
 */

/**
 * Who may call a route. "admin" is the platform admin, signed in apart from users (their own
 * accounts, sessions and cookie); a user session never opens it.
 */
export const ACCESS_KINDS = ["public", "user", "organization", "voter", "admin"] as const;
export type Access = (typeof ACCESS_KINDS)[number];

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  A extends Access = Access,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: M;
  /** `/api/...`, with `:name` for each route parameter (declared in `params`). */
  path: P;
  access: A;
  params?: Params;
  query?: Query;
  body?: Body;
  /** What the handler returns (the type the client receives); not checked at run time. */
  response: Response;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for constraints
export type AnyEndpoint = Endpoint<Method, string, Access, any, any, any, any>;

/** Declares an endpoint; `as const`-like inference keeps its method, path and access literal. */
export function endpoint<const E extends AnyEndpoint>(declaration: E): E {
  return declaration;
}

/**
 * A response declared by its TypeScript type only (no run-time check; the server's answers are
 * built by its presenters, so checking them again on every request would cost without catching
 * anything the type check does not). The web build treats every call of this name as pure
 * (web/vite.config.ts, manualPureFunctions: a name no other function has, since the build drops
 * any unused call so named, wherever it is).
 */
export function typedAnswer<T>(): z.ZodType<T> {
  return z.custom<T>();
}

/**
 * The `:id` route parameter: a UUID (a malformed id is a 400 "not found", never a database error),
 * in small letters as the database writes it.
 */
export const idParams = z.object({ id: z.uuid({ error: messages.notFound }).overwrite(lower) });

/** The plain acknowledgement of an action: `{ success: true, message }`. */
export const done = typedAnswer<{ success: true; message: string }>();

type Part<S> = S extends z.ZodType ? S : never;
type Present<E, K extends "params" | "query" | "body"> = K extends unknown
  ? E extends { [P in K]: z.ZodType }
    ? K
    : never
  : never;

/** What a caller sends (before parsing: defaults may be left out). */
export type EndpointInput<E extends AnyEndpoint> = {
  [K in Present<E, "params" | "query" | "body">]: z.input<Part<E[K]>>;
};

/** What the handler receives (after parsing: defaults applied, coercions done). */
export type EndpointParsed<E extends AnyEndpoint> = {
  [K in Present<E, "params" | "query" | "body">]: z.output<Part<E[K]>>;
};

export type EndpointResponse<E extends AnyEndpoint> = z.output<E["response"]>;

/** The names of a path's `:params`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * The URL of one call: each `:param` replaced by its encoded value, the query appended (absent and
 * empty values left out, arrays repeated, in the order given).
 */
export function endpointUrl(
  endpoint: Pick<AnyEndpoint, "path">,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${endpoint.path}: the parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== "") search.append(key, String(one));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
