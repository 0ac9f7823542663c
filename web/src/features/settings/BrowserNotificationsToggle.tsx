import { useState } from "react";
import { cx } from "../../ui/cx";
import { Status } from "../../ui/Status";
import { Toggle } from "../../ui/Toggle";
import { askBrowserPermission, type BrowserPermission, browserPermission } from "./browserNotifications";
import styles from "./SettingsPage.module.css";

const words = {
  label: "Browser Notifications",
  description:
    "Your browser shows a notice for mentions and direct messages while this tab is hidden or shows something else.",
  denied:
    "Your browser blocks notifications from this site. Allow them in the browser's site settings, then turn this on again.",
  /** Before any try: a note, not an error (nothing went wrong yet). */
  deniedNote:
    "Your browser blocks notifications from this site: allow them in its site settings to turn this on.",
  unsupported: "This browser cannot show notifications.",
  asking: "Answer your browser's question to allow notifications.",
  notAnswered: "Your browser did not allow notifications. Turn this on to be asked again.",
};

/**
 * Settings › Notifications › Browser Notifications: turning it on asks the browser's permission
 * first and stays off unless it is granted; the choice is saved with the other settings.
 */
export function BrowserNotificationsToggle({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const [asking, setAsking] = useState(false);
  const [unanswered, setUnanswered] = useState(false);
  /** Turned on in this visit: a refusal is then an error, not the note shown before. */
  const [tried, setTried] = useState(false);

  async function change(on: boolean) {
    if (!on) return onChange(false);
    setTried(true);
    setAsking(true);
    try {
      const answer = await askBrowserPermission();
      setPermission(answer);
      setUnanswered(answer === "default");
      if (answer === "granted") onChange(true);
    } finally {
      setAsking(false);
    }
  }

  const blocked = permission === "denied" || permission === "unsupported";
  const denied = tried ? words.denied : words.deniedNote;
  const state = asking
    ? words.asking
    : permission === "denied"
      ? denied
      : permission === "unsupported"
        ? words.unsupported
        : unanswered
          ? words.notAnswered
          : null;
  return (
    <>
      <Toggle
        label={words.label}
        description={words.description}
        checked={checked && !blocked}
        disabled={disabled || permission === "unsupported"}
        busy={asking}
        onChange={(on) => void change(on)}
      />
      {state && (
        <Status className={cx(styles.browserState, blocked && tried && styles.browserBlocked)}>
          {state}
        </Status>
      )}
    </>
  );
}
