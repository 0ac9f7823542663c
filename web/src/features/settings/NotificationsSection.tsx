import { cx } from "../../ui/cx";
import { useAuth } from "../accounts/AuthProvider";
import { BrowserNotificationsToggle } from "./BrowserNotificationsToggle";
import styles from "./SettingsPage.module.css";
import { type SettingsForm, SettingToggle, useSetting } from "./settingsForm";

/** Settings › Notifications: the rest follow "Enable Notifications". */
export function NotificationsSection({ form }: { form: SettingsForm }) {
  const off = !form.watch("notifications.enabled");
  const browser = useSetting(form, "notifications.browser");
  const { user } = useAuth();
  return (
    <section className={cx("card", styles.section)} aria-labelledby="st-notifications">
      <h2 id="st-notifications">Notifications</h2>
      <SettingToggle
        form={form}
        name="notifications.enabled"
        label="Enable Notifications"
        description="Get notified about activity in your organizations."
      />
      <SettingToggle
        form={form}
        name="notifications.mentions"
        label="Mentions"
        description="When someone mentions you."
        disabled={off}
      />
      <SettingToggle
        form={form}
        name="notifications.allMessages"
        label="All Messages"
        description="Every new message in channels you have not muted."
        disabled={off}
      />
      <SettingToggle
        form={form}
        name="notifications.sounds"
        label="Sounds"
        description="Play a sound with each notification."
        disabled={off}
      />
      <BrowserNotificationsToggle
        checked={browser.value === true}
        disabled={off}
        onChange={browser.onChange}
      />
      {/* E-mail from the organizations, apart from the in-app notifications above. */}
      {user?.user_type === "voter" && (
        <SettingToggle
          form={form}
          name="notifications.electionNotices"
          label="Election Notices"
          description="E-mails about your organizations' elections, and reminders to vote. Codes, password resets and invitations always arrive."
        />
      )}
    </section>
  );
}
