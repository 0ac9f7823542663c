import type { SecuritySettings } from "../../../../contract/channels";
import { Toggle } from "../../ui/Toggle";

/** The Create Channel screen's security settings: what members confirm before they take part. */
export function SecuritySection({
  security,
  onChange,
}: {
  security: SecuritySettings;
  onChange(key: keyof SecuritySettings): (value: boolean) => void;
}) {
  return (
    <section className="card cc-section" aria-labelledby="cc-security">
      <h2 id="cc-security">Security Settings</h2>
      <p className="muted cc-section-sub">What members confirm before they take part in this channel.</p>
      <Toggle
        label="Two-Factor Authentication"
        description="A one-time code on top of the password."
        checked={security.twoFactor}
        onChange={onChange("twoFactor")}
      />
      <Toggle
        label="Email Verification"
        description="A code sent to the member's e-mail address."
        checked={security.emailVerification}
        onChange={onChange("emailVerification")}
      />
      <Toggle
        label="Phone Verification"
        description="A code sent to the member's phone number."
        checked={security.phoneVerification}
        onChange={onChange("phoneVerification")}
      />
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
