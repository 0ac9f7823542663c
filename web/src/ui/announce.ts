/**
 * Words said to screen-reader users alone, politely: one live region kept for the page's life.
 * A region made already holding its words is often not read (NVDA and JAWS with Chromium), and a
 * region that holds a whole list reads all of it when the list is filled: what is news is said
 * here, once, in its own words.
 *
 * The words do not stay after they are said: a screen reader's reading of the page would find them
 * (a "too common" password long corrected, on the next page). `announce` gives back what withdraws
 * them, for what they say of something that ends (a rule the value breaks, until it holds or the
 * field goes), and they go by themselves after SAID_MS in any case, as the news they are.
 */
let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;
let expiry: ReturnType<typeof setTimeout> | undefined;
/** Which announcement the region holds or is about to hold: a withdrawal of an older one leaves it. */
let current = 0;

/** The delay between emptying the region and filling it: the same words twice are said twice. */
const REFILL_MS = 60;
/** How long words stay in the region once put there: long enough to be read out after a queue. */
export const SAID_MS = 7000;

function clear() {
  clearTimeout(pending);
  clearTimeout(expiry);
  if (region) region.textContent = "";
}

/** Says `words`; the function returned withdraws them (if they are still the region's). */
export function announce(words: string): () => void {
  if (typeof document === "undefined") return () => undefined;
  if (!region?.isConnected) {
    region = document.createElement("div");
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  const target = region;
  const mine = ++current;
  clear();
  pending = setTimeout(() => {
    target.textContent = words;
    expiry = setTimeout(clear, SAID_MS);
  }, REFILL_MS);
  return () => {
    if (current === mine) clear();
  };
}

/** What the region says now (tests). */
export const announced = (): string => region?.textContent ?? "";
