import { channelSettingsMessages } from "../../../../../contract/channel-settings";
import type { Channel, ChannelType, SecuritySettings } from "../../../../../contract/channels";
import { updateChannelInput } from "../../../../../contract/channels-input";
import { Toggle } from "../../../ui/Toggle";
import { text } from "../../workspace/text";
import styles from "../channelSettings.module.css";
import { useUndeliveredCodes } from "../deliveredCodes";
import { Section, SectionFoot, useChannelUpdateForm } from "./section";

type SecurityToggle = {
  key: "twoFactor" | "emailVerification" | "phoneVerification";
  label: string;
  description: string;
};

/**
 * The switches that act on this channel type, with what each one does (the server enforces them):
 * two-factor everywhere; e-mail and phone verification choose how voters verify before voting,
 * so they exist on election channels only.
 */
function securityToggles(type: ChannelType): SecurityToggle[] {
  if (type !== "election")
    return [
      {
        key: "twoFactor",
        label: "Two-factor authentication required",
        description:
          type === "text"
            ? "Only people who sign in with two-factor authentication may post, comment or react here. Others can still read."
            : "Only people who sign in with two-factor authentication may join this channel's room.",
      },
    ];
  return [
    {
      key: "twoFactor",
      label: "Two-factor authentication required",
      description: "Only voters who sign in with two-factor authentication may vote.",
    },
    {
      key: "emailVerification",
      label: "Email verification",
      description: "Before voting, voters confirm with a code sent to their e-mail address.",
    },
    {
      key: "phoneVerification",
      label: "Phone verification",
      description:
        "Before voting, voters confirm with a code sent to their phone. With neither on, voters may also verify with their ID number.",
    },
  ];
}
const LOCKED_TOGGLES: Array<{ key: keyof SecuritySettings; label: string }> = [
  { key: "biometric", label: "Biometric verification" },
  { key: "passkey", label: "Passkeys" },
];

/** Only the switches shown are sent. */
const pick = (settings: SecuritySettings, toggles: SecurityToggle[]) =>
  Object.fromEntries(toggles.map(({ key }) => [key, settings[key]]));

const schema = updateChannelInput.pick({ security_settings: true }).required();

/**
 * The channel's security switches (an administrator's choice for everyone; an election channel's
 * verification rules until voting opens). They are one set of rules, saved whole with the
 * `security_version` the form started from: a save from an older one is refused (409), and another
 * tab's save keeps this form's unsaved switches and says so, with "Reload settings".
 */
export function SecuritySettingsSection({ channel }: { channel: Channel }) {
  const toggles = securityToggles(channel.type);
  const { form, clear, foot, changedElsewhere } = useChannelUpdateForm(
    channel,
    schema,
    (saved) => ({ security_settings: saved.security_settings }),
    ({ security_settings }, version) => ({
      security_settings: { ...channel.security_settings, ...pick(security_settings, toggles) },
      security_version: version,
    }),
    {
      versionOf: (saved) => saved.security_version,
      changed: text.securityChangedElsewhere,
      staleWords: channelSettingsMessages.securityChangedElsewhere,
    },
  );
  const settings = form.watch("security_settings");
  const undelivered = useUndeliveredCodes();
  return (
    <Section title={text.securitySettings} intro={text.securityIntro}>
      <div className={styles.toggleList}>
        {toggles.map(({ key, label, description }) => {
          const undeliveredWhy =
            key === "twoFactor" ? null : undelivered(key, channel.security_settings[key]);
          return (
            <Toggle
              key={key}
              label={label}
              description={undeliveredWhy ?? description}
              checked={settings[key] ?? false}
              disabled={foot.busy}
              onChange={(next) => {
                form.setValue(`security_settings.${key}`, next, { shouldDirty: true });
                clear();
              }}
              locked={undeliveredWhy ? text.notAvailable : undefined}
            />
          );
        })}
        {LOCKED_TOGGLES.map(({ key, label }) => (
          <Toggle
            key={key}
            label={label}
            checked={false}
            onChange={() => undefined}
            locked={text.notAvailable}
          />
        ))}
      </div>
      {changedElsewhere(text.reloadSettings)}
      <SectionFoot {...foot} />
    </Section>
  );
}
