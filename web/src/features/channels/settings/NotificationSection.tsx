import { type Channel, NOTIFY_CHOICES } from "../../../../../contract/channels";
import { channelsEndpoints } from "../../../../../contract/channels-endpoints";
import { channelPreferencesInput } from "../../../../../contract/channels-input";
import { NOTIFY_LABELS, text } from "../../workspace/text";
import { useWorkspace } from "../../workspace/WorkspaceContext";
import styles from "../channelSettings.module.css";
import { Section, SectionFoot, useSectionForm } from "./section";

const schema = channelPreferencesInput.pick({ notify: true }).required();

/** When this channel notifies the viewer (their own preference). */
export function NotificationSection({ channel }: { channel: Channel }) {
  const { replaceChannel } = useWorkspace();
  const { form, clear, foot } = useSectionForm({
    schema,
    saved: { notify: channel.preferences.notify },
    endpoint: channelsEndpoints.setPreferences,
    input: (body) => ({ params: { id: channel.id }, body }),
    onSaved: (result) => replaceChannel(result.channel),
  });
  return (
    <Section title={text.notificationSettings} intro={text.notificationsIntro}>
      <fieldset className={styles.radioList}>
        <legend className="visually-hidden">{text.notificationSettings}</legend>
        {NOTIFY_CHOICES.map((option) => (
          <label key={option} className={styles.radio}>
            <input type="radio" value={option} {...form.register("notify", { onChange: clear })} />
            <span>{NOTIFY_LABELS[option]}</span>
          </label>
        ))}
      </fieldset>
      <SectionFoot {...foot} />
    </Section>
  );
}
