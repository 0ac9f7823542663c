import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "./ErrorBoundary";
import { Status } from "./Status";

/** A lazily loaded page: 'Loading...' while its code comes, 'Connection Error' with Retry if it fails. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense
        fallback={
          <Status as="div" className="center-screen">
            Loading...
          </Status>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * React.lazy keeping its loader, for the route that shows it (a route's `load`, router/match.ts).
 * The route's early ask answers nothing: a file that fails to come fails the page's own (its
 * 'Connection Error'), not a promise no one holds.
 */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(lazy(load), { load: () => load().catch(() => undefined) });
}
