import type { ReactNode } from "react";

/**
 * A route of the table (routes.tsx): a path whose segments are words, `:name` (one segment, read
 * with useParams) or a last `*` (the rest); or `index`, its parent's own address. A child's path
 * continues its parent's.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element: ReactNode;
  children?: RouteObject[];
  /**
   * Asks for the code of the route's page as soon as the route matches (ui/LazyPage.tsx lazyPage),
   * not when it is drawn: behind a guard (the session read) or a frame (the workspace's data), a page
   * would ask for its code only after them, one round trip more on a slow network.
   */
  load?: () => unknown;
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The params when `pattern` matches the start of `segments`, and how many segments it took. */
function matchStart(pattern: string, segments: string[]): [Record<string, string>, number] | null {
  const params: Record<string, string> = {};
  let taken = 0;
  for (const part of pattern.split("/").filter(Boolean)) {
    if (part === "*") {
      params["*"] = segments.slice(taken).join("/");
      return [params, segments.length];
    }
    const segment = segments[taken];
    if (segment === undefined) return null;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
    taken += 1;
  }
  return [params, taken];
}

function matchIn(routes: RouteObject[], segments: string[]): RouteMatch[] | null {
  for (const route of routes) {
    const start = route.index ? ([{}, 0] as const) : matchStart(route.path ?? "", segments);
    if (!start) continue;
    const [params, taken] = start;
    const rest = segments.slice(taken);
    const inner = route.children && matchIn(route.children, rest);
    if (inner)
      return [
        { route, params },
        ...inner.map((match) => ({ ...match, params: { ...params, ...match.params } })),
      ];
    if (rest.length === 0) return [{ route, params }];
  }
  return null;
}

/**
 * The routes that show `pathname`, outermost first, each with the params read so far (the last has
 * them all). The first route in the table's order that matches wins, so a `*` route goes last.
 * Segments compare without regard to case, and a trailing slash does not count.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  return matchIn(routes, pathname.split("/").filter(Boolean).map(decoded));
}

/**
 * Whether a link to `to` names the page at `pathname` (NavLink's active state): the same path, or
 * with `end` unset a page below it (`/member` for `/member/text`; `/` only for itself).
 */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = (to.split(/[?#]/)[0] ?? "").toLowerCase();
  const here = pathname.toLowerCase();
  if (here === target) return true;
  return !end && target !== "/" && here.startsWith(target.endsWith("/") ? target : `${target}/`);
}
