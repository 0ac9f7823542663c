import type { ChannelType, SecuritySettings } from "../../../../contract/channels";
import { cx } from "../../ui/cx";
import { Toggle } from "../../ui/Toggle";
import styles from "./CreateChannelPage.module.css";
import { useUndeliveredCodes } from "./deliveredCodes";

/**
 * The Create Channel screen's security settings: what members confirm before they take part. Only
 * switches that act on the chosen type are offered (the server refuses the others): e-mail and
 * phone verification choose how voters verify, so they belong to election channels.
 */
export function SecuritySection({
  type,
  security,
  onChange,
}: {
  type: ChannelType;
  security: SecuritySettings;
  onChange(key: keyof SecuritySettings): (value: boolean) => void;
}) {
  const election = type === "election";
  const undelivered = useUndeliveredCodes();
  return (
    <section className={cx("card", styles.section)} aria-labelledby="cc-security">
      <h2 id="cc-security">Security Settings</h2>
      <p className={cx("muted", styles.sectionSub)}>
        What members confirm before they take part in this channel.
      </p>
      <Toggle
        label="Two-Factor Authentication"
        description={TWO_FACTOR[type]}
        checked={security.twoFactor}
        onChange={onChange("twoFactor")}
      />
      {election &&
        VERIFICATION.map(({ key, label, description }) => {
          const undeliveredWhy = undelivered(key, security[key]);
          return (
            <Toggle
              key={key}
              label={label}
              description={undeliveredWhy ?? description}
              checked={security[key]}
              onChange={onChange(key)}
              locked={undeliveredWhy ? "Not available" : undefined}
            />
          );
        })}
      <Toggle
        label="Biometrics"
        description="Fingerprint or face."
        checked={false}
        onChange={() => undefined}
        locked="Not available"
      />
      <Toggle
        label="Passkeys"
        description="Sign in with a device passkey."
        checked={false}
        onChange={() => undefined}
        locked="Not available"
      />
      <Toggle
        label="End-to-End Encryption"
        description="Messages readable only by members' devices."
        checked={false}
        onChange={() => undefined}
        locked="Pro"
      />
      <Toggle
        label="Audit Logging"
        description="A tamper-evident log of every action in the channel."
        checked={false}
        onChange={() => undefined}
        locked="Pro"
      />
    </section>
  );
}

/** How voters verify before voting: election channels only. */
const VERIFICATION = [
  {
    key: "emailVerification",
    label: "Email Verification",
    description: "Before voting, voters confirm with a code sent to their e-mail address.",
  },
  {
    key: "phoneVerification",
    label: "Phone Verification",
    description: "Before voting, voters confirm with a code sent to their phone.",
  },
] as const;

/** What the two-factor switch does on each channel type. */
const TWO_FACTOR: Record<ChannelType, string> = {
  text: "Only people who sign in with two-factor authentication may post, comment or react. Others can still read.",
  airing: "Only people who sign in with two-factor authentication may join the room.",
  live: "Only people who sign in with two-factor authentication may join the room.",
  election: "Only voters who sign in with two-factor authentication may vote.",
};
