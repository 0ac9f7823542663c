/**
 * Focus is never left on nothing. When the focused control goes (a message deleted, a Join button
 * replaced by "Request pending", a dialog closed whose opener went with it) or is disabled while
 * its request runs, the browser moves the focus to the document's body without an event: a
 * keyboard user starts again from the top of the page, a screen reader from the document's start.
 * Mutations are the only sign, so they are watched; when the focus was lost that way it goes
 *  - back to the control once it can take it again (a submit button enabled after a refusal);
 *  - else to the nearest of the control's former containers still on the page (made focusable
 *    with tabindex -1), so reading and Tab go on from where the user was.
 * Not past the page's main area: a new page's heading takes the focus (the router's
 * useFocusOnNewPage). A focus the user moved away on purpose (a click on plain text, another
 * window) is not brought back. Checked a moment after the change, so that a screen's own choice
 * (the receipt after a vote, a dialog's next step) comes first.
 */

const SETTLE_MS = 80;
/** Containers the focus is not put on: a new page decides where it starts. */
const NOT_A_PLACE = "main,body,html,#root";

let last: HTMLElement | null = null;
let containers: HTMLElement[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

const lost = () => !document.activeElement || document.activeElement === document.body;

/** It can take the focus: on the page, enabled, not hidden or inert. */
const usable = (element: HTMLElement) =>
  element.isConnected && !(element as HTMLButtonElement).disabled && !element.closest("[inert],[hidden]");

function check(): void {
  timer = undefined;
  if (!last || !lost()) return;
  if (last.isConnected) {
    // Disabled or hidden for now: the mutation that gives it back calls again.
    if (usable(last)) last.focus({ preventScroll: true });
    return;
  }
  focusNearest(containers);
}

/** The elements holding `element`, nearest first (kept: once it is removed they cannot be found). */
export function containersOf(element: Element): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) found.push(node);
  return found;
}

/**
 * Focuses the nearest of these containers still on the page (made focusable with tabindex -1),
 * short of the main area; false when none is.
 */
export function focusNearest(from: readonly HTMLElement[]): boolean {
  const place = from.find((node) => node.isConnected);
  if (!place || place.matches(NOT_A_PLACE)) return false;
  // Not focusable of itself (a list, a card): focusable by script only.
  if (place.tabIndex < 0) place.tabIndex = -1;
  place.focus({ preventScroll: true });
  return true;
}

const schedule = () => {
  if (!last || !lost()) return;
  clearTimeout(timer);
  timer = setTimeout(check, SETTLE_MS);
};

function onFocusIn(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  last = target;
  containers = containersOf(target);
}

function onFocusOut(event: FocusEvent): void {
  const left = event.target;
  if (event.relatedTarget !== null || left !== last) return;
  // Left for nothing while still usable: the user's own doing (a click on plain text, another
  // window). Not brought back.
  queueMicrotask(() => {
    if (last === left && left instanceof HTMLElement && usable(left)) last = null;
  });
}

/** Starts watching (once, at the app's start); returns the function that stops it. */
export function installFocusRescue(root: Node = document.body): () => void {
  const observer = new MutationObserver(schedule);
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled", "hidden", "inert"],
  });
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  return () => {
    observer.disconnect();
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", onFocusOut);
    clearTimeout(timer);
    last = null;
    containers = [];
  };
}
