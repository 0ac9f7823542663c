import type { UserSettings } from "../../../../contract/settings";

/** What the browser allows this site: `unsupported` when it has no Web Notifications. */
export type BrowserPermission = NotificationPermission | "unsupported";

export function browserPermission(): BrowserPermission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/** Asks the browser (only when it has not been answered yet) and says what it allows now. */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  const now = browserPermission();
  if (now !== "default") return now;
  return Notification.requestPermission();
}

/**
 * Whether a notice of this kind may become a browser notification: notifications on, browser
 * notifications chosen, mentions among them for a mention, and the browser allowing it.
 */
export function browserNoticeWanted(
  choices: UserSettings["notifications"] | null,
  kind: "mention" | "direct",
): boolean {
  if (!choices?.enabled || !choices.browser) return false;
  if (kind === "mention" && !choices.mentions) return false;
  return browserPermission() === "granted";
}

const EXCERPT = 120;

/**
 * Shows a browser notification; a click brings this tab forward and runs `open` (the message or
 * the conversation). `tag` replaces an earlier notification about the same thing.
 */
export function showBrowserNotice(notice: { title: string; body: string; tag: string; open(): void }): void {
  const body = notice.body.length > EXCERPT ? `${notice.body.slice(0, EXCERPT - 1)}…` : notice.body;
  try {
    const shown = new Notification(notice.title, { body, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      notice.open();
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) show notifications only from a service worker: the toast and badge remain.
  }
}
