import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { messages } from "../../../../contract/messages";
import type { UserSettings } from "../../../../contract/settings";
import { settingsEndpoints } from "../../../../contract/settings-endpoints";
import { userSettingsSchema } from "../../../../contract/settings-input";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { useNavigate } from "../../router";
import { useLeaveGuard } from "../../router/useLeaveGuard";
import { cx } from "../../ui/cx";
import { FormError } from "../../ui/form/FormError";
import { submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { errorText } from "../organizations/errors";
import { TwoFactorDialog } from "../organizations/TwoFactorDialog";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { ChannelsSection } from "./ChannelsSection";
import { ConfirmSaveDialog } from "./ConfirmSaveDialog";
import { NotificationsSection } from "./NotificationsSection";
import { asksForPassword } from "./PasswordAgain";
import { PrivacySection } from "./PrivacySection";
import { SecuritySection } from "./SecuritySection";
import styles from "./SettingsPage.module.css";

/** The settings screen (spec part 1 section 2, "Channel settings"): saved on the server for this user. */
export default function SettingsPage() {
  const { area } = useWorkspace();
  const navigate = useNavigate();
  const read = useEndpointQuery(settingsEndpoints.read);
  const back = (
    <button
      type="button"
      className={cx("btn", "btn-ghost", styles.back)}
      onClick={() => navigate(`/${area}`)}
    >
      <span aria-hidden="true">←</span> Back
    </button>
  );
  if (read.data) return <SettingsEditor saved={read.data} back={back} />;
  return (
    <div className={styles.page}>
      {back}
      {read.isError ? (
        <div className={cx("alert", "alert-error", styles.loadError)} role="alert">
          <span>Your settings could not be loaded: {errorText(read.error)}</span>
          <button type="button" className="btn" onClick={() => void read.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <Status className={cx("muted", styles.state)}>Loading settings...</Status>
      )}
    </div>
  );
}

/** The four sections, edited together on a form of the saved settings (which it follows when they change). */
function SettingsEditor({ saved, back }: { saved: UserSettings; back: ReactNode }) {
  const { refreshChannels } = useWorkspace();
  const queryClient = useQueryClient();
  const store = useEndpointMutation(settingsEndpoints.save);
  const saving = store.isPending;
  const form = useContractForm(userSettingsSchema, {
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const setSaved = (next: UserSettings) =>
    queryClient.setQueryData(endpointKey(settingsEndpoints.read), next);
  const [notice, setNotice] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<"enable" | "disable" | null>(null);
  /** Open when the server asks for the password before saving (Require Password is on). */
  const [confirming, setConfirming] = useState<{ error: string | null } | null>(null);
  const dirty = form.formState.isDirty;
  // Back, another page or a closed tab would drop the changes: asked first.
  useLeaveGuard(dirty, "You have unsaved changes. Leave without saving them?");
  // A change after saving: the notice has said its piece.
  useEffect(() => {
    if (dirty) setNotice(null);
  }, [dirty]);

  const failed = form.formState.errors.root;

  const save = (password?: string) =>
    submitting(form, async (settings) => {
      setNotice(null);
      try {
        const result = await store.mutateAsync({ body: { ...settings, ...(password && { password }) } });
        setConfirming(null);
        form.reset(result.settings);
        setSaved(result.settings);
        setNotice(result.message || messages.settingsSaved);
        await refreshChannels().catch(() => undefined);
      } catch (failure) {
        if (asksForPassword(failure)) {
          setConfirming({ error: password ? errorText(failure) : null });
          return;
        }
        setConfirming(null);
        throw failure;
      }
    })();

  return (
    <div className={styles.page}>
      {back}
      <header className={styles.header}>
        <h1>Settings</h1>
        <p className="muted">Notifications, privacy, channels and security for your account.</p>
      </header>

      <div className={styles.sections}>
        <NotificationsSection form={form} />
        <PrivacySection form={form} />
        <ChannelsSection form={form} />
        <SecuritySection
          form={form}
          onTwoFactor={() => setTwoFactor(form.getValues("security.twoFactorAuth") ? "disable" : "enable")}
        />
      </div>

      <div className={styles.footer} data-sticky-bottom="">
        <div className={styles.footerMessages} aria-live="polite">
          {notice && (
            <Status as="div" className="alert alert-success">
              {notice}
            </Status>
          )}
          <FormError form={form} />
          {!notice && !failed && dirty && <span className="muted">You have unsaved changes.</span>}
        </div>
        <div className={styles.footerButtons}>
          <button
            type="button"
            className="btn"
            disabled={saving || !dirty}
            onClick={() => {
              form.reset(saved);
              form.clearErrors();
            }}
          >
            Reset
          </button>
          <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save()}>
            {saving ? "Saving..." : "Save Settings"}
          </button>
        </div>
      </div>

      {confirming && (
        <ConfirmSaveDialog
          error={confirming.error}
          saving={saving}
          onCancel={() => setConfirming(null)}
          onConfirm={(password) => void save(password)}
        />
      )}

      {twoFactor && (
        <TwoFactorDialog
          mode={twoFactor}
          onClose={() => setTwoFactor(null)}
          onDone={(enabled) => {
            setTwoFactor(null);
            // Switched on the server already; the saved copy follows so "unsaved changes" stays true to life.
            form.resetField("security.twoFactorAuth", { defaultValue: enabled });
            setSaved({ ...saved, security: { ...saved.security, twoFactorAuth: enabled } });
            form.clearErrors();
            setNotice(`Two-factor authentication turned ${enabled ? "on" : "off"}.`);
          }}
        />
      )}
    </div>
  );
}
