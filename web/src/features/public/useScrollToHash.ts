import { useEffect } from "react";
import { useLocation, useNavigationType } from "../../router";

/** How long to keep looking for the hash target while a lazily loaded page renders. */
const HASH_WAIT_MS = 2000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

function targetFor(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep the raw id when the hash is not valid percent-encoding.
  }
  return id ? document.getElementById(id) : null;
}

/**
 * Scrolls the element named by the URL hash into view after every navigation
 * (waiting briefly for lazily loaded pages to render it). Navigations without a hash
 * scroll to the top, except back/forward, where the browser restores the position.
 */
export function useScrollToHash(): void {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, including repeated clicks on the same link.
  useEffect(() => {
    if (!hash) {
      if (navigationType !== "POP") window.scrollTo({ top: 0, left: 0 });
      return;
    }

    const behavior: ScrollBehavior = prefersReducedMotion() ? "auto" : "smooth";
    const deadline = performance.now() + HASH_WAIT_MS;
    let frame = 0;

    const attempt = () => {
      const target = targetFor(hash);
      if (target) {
        target.scrollIntoView({ behavior, block: "start" });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
    };
    attempt();

    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key, navigationType]);
}
