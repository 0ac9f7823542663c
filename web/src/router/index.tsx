/**
 * The app's router: the address bar as React state, the route table's matching and the links, with
 * react-router's names and behaviour for the part of it this app uses (BrowserRouter, useRoutes and
 * Outlet, Link, NavLink, Navigate and the hooks). react-router itself cost 15 KiB gzip on every page,
 * 11 % of the ballot page's first load, mostly for data routers, forms and prefetching the app does
 * not use. Paths are absolute, or `?…` / `#…` on the current page.
 */
import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { announce } from "../ui/announce";
import { isActivePath, matchRoutes, type RouteObject } from "./match";

export type { RouteObject } from "./match";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this history entry passed as `state`. */
  state: unknown;
  /** Different for every navigation, even to the same address. */
  key: string;
}

/** How the current location was reached: back/forward or the first load, a push, a replace. */
export type NavigationType = "POP" | "PUSH" | "REPLACE";

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface Now {
  location: Location;
  navigationType: NavigationType;
}

const RouterContext = createContext<(Now & { navigate: NavigateFunction }) | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Record<string, string> }>({
  outlet: null,
  params: {},
});

/** What the app stores in a history entry: the navigation's state, its key, and its place in the history. */
type Entry = { state?: unknown; key?: string; index?: number } | null;
const entryNow = () => window.history.state as Entry;

/** The address bar, with the state and key the navigation stored in its history entry. */
function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = entryNow();
  return { pathname, search, hash, state: entry?.state ?? null, key: entry?.key ?? "default" };
}

/**
 * What a page with unsaved work asks before the app leaves it for another path (useLeaveGuard.ts):
 * each answers whether leaving may go ahead. Back and forward are asked too, and undone when refused.
 */
export const leaveGuards = new Set<() => boolean>();
const mayLeave = () => [...leaveGuards].every((guard) => guard());

/**
 * Keeps the location of the address bar: navigate() writes a history entry, back and forward
 * (popstate) read one. A new location renders in a transition, so the page on screen stays until a
 * lazily loaded next page is ready.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [now, setNow] = useState<Now>(() => ({ location: windowLocation(), navigationType: "POP" }));
  const show = useCallback((navigationType: NavigationType) => {
    const location = windowLocation();
    startTransition(() => setNow({ location, navigationType }));
  }, []);
  // The place in the history of the entry shown: a refused Back or Forward goes back to it.
  const shownIndex = useRef(entryNow()?.index ?? 0);
  useLayoutEffect(() => {
    let undoing = false;
    const pop = () => {
      if (undoing) {
        undoing = false;
        return;
      }
      const index = entryNow()?.index ?? 0;
      if (index !== shownIndex.current && !mayLeave()) {
        undoing = true;
        window.history.go(shownIndex.current - index);
        return;
      }
      shownIndex.current = index;
      show("POP");
    };
    window.addEventListener("popstate", pop);
    return () => window.removeEventListener("popstate", pop);
  }, [show]);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null } = {}) => {
      const url = new URL(to, window.location.href);
      if (url.pathname !== window.location.pathname && !mayLeave()) return;
      if (!replace) shownIndex.current++;
      const entry = { state, key: Math.random().toString(36).slice(2, 10), index: shownIndex.current };
      const address = `${url.pathname}${url.search}${url.hash}`;
      if (replace) window.history.replaceState(entry, "", address);
      else window.history.pushState(entry, "", address);
      show(replace ? "REPLACE" : "PUSH");
    },
    [show],
  );
  const value = useMemo(() => ({ ...now, navigate }), [now, navigate]);
  useNewPageKnown(now.location.pathname, now.location.search);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The document's title after the page's own heading. */
const APP_TITLE = "Votespace";

/**
 * A new page (a new path, or the same screen on another channel) is made known: the document's
 * title becomes its first heading's ("General – Votespace": tabs, history and screen readers name
 * it), and a focus left on nothing (the link or button that led here is gone) goes to that heading,
 * so a keyboard or a screen reader starts there rather than at the top of the document. A focus
 * that stayed (the sidebar's link, the page's own choice) stays, and the new page is said instead.
 */
function useNewPageKnown(pathname: string, search: string) {
  const shown = useRef<string | null>(null);
  const shownPath = useRef<string | null>(null);
  const named = useRef<string | null>(null);
  const address = `${pathname}${search}`;
  useEffect(() => {
    // The first page of a visit keeps the browser's own start (the skip link first).
    const first = shown.current === null;
    if (shown.current === address) return;
    shown.current = address;
    const newPath = shownPath.current !== pathname;
    shownPath.current = pathname;
    let frame = 0;
    let tries = 0;
    const look = () => {
      const heading = document.querySelector<HTMLElement>("main h1, h1");
      if (!heading) {
        if (++tries < 300) frame = requestAnimationFrame(look);
        return;
      }
      const name = (heading.textContent ?? "").replace(/\s+/g, " ").trim();
      // (A heading that names the app already is the title alone: the landing page's.)
      document.title = !name || name.includes(APP_TITLE) ? name || APP_TITLE : `${name} – ${APP_TITLE}`;
      // The same page under another address (a tab of it, say) is not news.
      const news = newPath || name !== named.current;
      named.current = name;
      if (first || !news) return;
      if (!document.activeElement || document.activeElement === document.body) {
        if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (name) announce(name);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [address, pathname]);
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error("a link or a route hook outside <BrowserRouter>");
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

/** navigate(to, { replace, state }); the same function for the router's whole life. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The query of the address, and a setter that navigates to the same page with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string>, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: Record<string, string>, options?: NavigateOptions) =>
      navigate(`?${new URLSearchParams(next)}`, options),
    [navigate],
  );
  return [params, setParams];
}

/** The element of the route that matches the address, each route's drawn in its parent's <Outlet />. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = useMemo(() => {
    const found = matchRoutes(routes, pathname);
    // Every matched page's code at once, beside the reads its guards and frames wait for.
    for (const { route } of found ?? []) route.load?.();
    return found;
  }, [routes, pathname]);
  return (matches ?? []).reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      // biome-ignore lint/correctness/useJsxKeyInIterable: each route's element holds the next, not a list; a key would remount the frame (a page's Suspense) on every navigation
      <RouteContext.Provider value={{ outlet, params }}>{route.element}</RouteContext.Provider>
    ),
    null,
  );
}

/** Where a route's element draws the matching child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The `:name` segments of the route that drew this component, decoded. */
export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}

/** Navigates when drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: string;
  /** Replace the current history entry; by default only a link to the current address does. */
  replace?: boolean;
  state?: unknown;
};

/**
 * An <a href> that navigates in the app on a plain left click; a click with a modifier key, a middle
 * click or a link with another target is left to the browser (a new tab, a download).
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    const here = !rest.target || rest.target === "_self";
    if (event.defaultPrevented || event.button !== 0 || !plain || !here) return;
    event.preventDefault();
    const current = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: replace ?? current === to, state });
  };
  return <a {...rest} href={to} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on its own address, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A Link that knows whether it names the current page: `aria-current="page"`, and its class may say so. */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const isActive = isActivePath(rest.to, useLocation().pathname, end);
  return (
    <Link
      aria-current={isActive ? "page" : undefined}
      {...rest}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
