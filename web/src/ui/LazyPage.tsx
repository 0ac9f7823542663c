import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "./ErrorBoundary";

/** A lazily loaded page: 'Loading...' while its code comes, 'Connection Error' with Retry if it fails. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense
        fallback={
          <div className="center-screen" role="status">
            Loading...
          </div>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}
