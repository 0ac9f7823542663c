import { useId } from "react";
import type { Channel } from "../../../../../contract/channels";
import { updateChannelInput } from "../../../../../contract/channels-input";
import { cx } from "../../../ui/cx";
import { text } from "../../workspace/text";
import styles from "../channelSettings.module.css";
import { Section, SectionFoot, useChannelUpdateForm } from "./section";

const schema = updateChannelInput.pick({ is_private: true }).required();

/** Public (every member) or private (only the chosen posters may write). */
export function VisibilitySection({ channel }: { channel: Channel }) {
  const name = useId();
  const { form, clear, foot } = useChannelUpdateForm(channel, schema, (saved) => ({
    is_private: saved.is_private,
  }));
  const isPrivate = form.watch("is_private");
  const options = [
    { value: false, label: text.public, note: text.publicNote },
    { value: true, label: text.private, note: text.privateNote },
  ];
  return (
    <Section title={text.channelVisibility} intro={text.visibilityIntro}>
      <fieldset className={styles.radioList}>
        <legend className="visually-hidden">{text.channelVisibility}</legend>
        {options.map((option) => (
          <label key={option.label} className={cx(styles.radio, styles.radioCard)}>
            <input
              type="radio"
              name={name}
              checked={isPrivate === option.value}
              onChange={() => {
                form.setValue("is_private", option.value, { shouldDirty: true });
                clear();
              }}
            />
            <span>
              <strong>{option.label}</strong>
              <span className={styles.radioNote}>{option.note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SectionFoot {...foot} />
    </Section>
  );
}
