import { cx } from "../../ui/cx";
import styles from "./SettingsPage.module.css";
import { type SettingsForm, SettingToggle } from "./settingsForm";

/** Settings › Privacy. */
export function PrivacySection({ form }: { form: SettingsForm }) {
  return (
    <section className={cx("card", styles.section)} aria-labelledby="st-privacy">
      <h2 id="st-privacy">Privacy</h2>
      <SettingToggle
        form={form}
        name="privacy.showOnlineStatus"
        label="Show Online Status"
        description="When off, others do not see you online and you are not counted in Online Now."
      />
      <SettingToggle
        form={form}
        name="privacy.allowDirectMessages"
        label="Allow Direct Messages"
        description="Members of your organizations can message you directly."
      />
      <SettingToggle
        form={form}
        name="privacy.showReadReceipts"
        label="Show Read Receipts"
        description="Others see when you have read their messages."
      />
      <SettingToggle
        form={form}
        name="privacy.shareEmail"
        label="Share My Email"
        description="Other members see your e-mail address. Administrators always see it."
      />
    </section>
  );
}
