import { Component, type ErrorInfo, type ReactNode } from "react";
import { LoadFailure } from "./LoadState";

/**
 * A part of the app (a lazily loaded screen, say) that could not be fetched: the network, or a new
 * release. The browser's own failure of a module, or the build's loader failing to fetch a part's
 * stylesheet first (Vite's "Unable to preload CSS for …", an Error, not a TypeError: offline, a
 * screen opening a dialog said "Something went wrong" where it could not be loaded).
 */
function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (/^Unable to preload CSS for /.test(error.message)) return true;
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|error loading dynamically/i.test(error.message)
  );
}

/**
 * What the reader sees instead of a blank page when a screen fails to render: 'Connection Error'
 * when a part of the app could not be loaded (as the guards say it), else that something went
 * wrong; Retry reloads the page, which fetches the current release. A part the server answers 404
 * for was replaced by a new release since the page opened (its files are named by their contents):
 * that is said as such, not as the reader's connection.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; updated?: boolean }> {
  state = { error: undefined as unknown, updated: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    const part = isLoadFailure(error) && (error as Error).message.match(/\/assets\/[^\s"']+/)?.[0];
    if (part)
      void fetch(part, { method: "HEAD", cache: "no-store" })
        .then((answer) => answer.status === 404 && this.setState({ updated: true }))
        .catch(() => undefined);
  }

  render() {
    const { error, updated } = this.state;
    if (error === undefined) return this.props.children;
    const loading = isLoadFailure(error);
    return (
      <LoadFailure
        title={updated ? "Votespace was updated" : loading ? "Connection Error" : "Something went wrong"}
        message={
          updated
            ? "A new version of Votespace was installed since this page opened. Reload to go on with it."
            : loading
              ? "A part of Votespace could not be loaded. Check your connection and try again."
              : "This screen could not be shown. Reloading usually helps."
        }
        retryLabel={updated ? "Reload" : "Retry"}
        onRetry={() => window.location.reload()}
      />
    );
  }
}
