/**
 * Words said to screen-reader users alone, politely: one live region kept for the page's life.
 * A region made already holding its words is often not read (NVDA and JAWS with Chromium), and a
 * region that holds a whole list reads all of it when the list is filled: what is news is said
 * here, once, in its own words.
 */
let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

/** The delay between emptying the region and filling it: the same words twice are said twice. */
const REFILL_MS = 60;

export function announce(words: string): void {
  if (typeof document === "undefined") return;
  if (!region?.isConnected) {
    region = document.createElement("div");
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  const target = region;
  target.textContent = "";
  clearTimeout(pending);
  pending = setTimeout(() => {
    target.textContent = words;
  }, REFILL_MS);
}

/** What the region says now (tests). */
export const announced = (): string => region?.textContent ?? "";
