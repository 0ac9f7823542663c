import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { SESSION_TIMEOUTS } from "../../../../contract/accounts";
import { CHANNEL_GROUPS, type Channel } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { SESSION_TIMEOUT_LABELS, settingsEndpoints, type UserSettings } from "../../../../contract/settings";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { Modal } from "../../ui/Modal";
import { Toggle } from "../../ui/Toggle";
import { errorText } from "../organizations/errors";
import { TwoFactorDialog } from "../organizations/TwoFactorDialog";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { BrowserNotificationsToggle } from "./BrowserNotificationsToggle";
import { asksForPassword, PasswordAgain } from "./PasswordAgain";
import "./settings.css";

type ChannelList = keyof UserSettings["channels"];

const CHANNEL_COLUMNS: Array<{ list: ChannelList; label: string }> = [
  { list: "mutedChannels", label: "Muted" },
  { list: "hiddenChannels", label: "Hidden" },
  { list: "favoriteChannels", label: "Favourite" },
];

/** The settings screen (spec part 1 section 2, "Channel settings"): saved on the server for this user. */
export default function SettingsPage() {
  const { area, current, channels, refreshChannels } = useWorkspace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const read = useEndpointQuery(settingsEndpoints.read);
  const store = useEndpointMutation(settingsEndpoints.save);
  const saving = store.isPending;
  /** The settings as saved on the server; the screen edits a draft of them. */
  const saved = read.data;
  const [draft, setDraft] = useState<UserSettings | null>(null);
  const settings = draft ?? saved ?? null;
  const setSettings = (change: (s: UserSettings) => UserSettings) =>
    setDraft((d) => {
      const base = d ?? saved;
      return base ? change(base) : d;
    });
  const setSaved = (next: UserSettings) =>
    queryClient.setQueryData(endpointKey(settingsEndpoints.read), next);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<"enable" | "disable" | null>(null);
  /** Open when the server asks for the password before saving (Require Password is on). */
  const [confirming, setConfirming] = useState<{ password: string; error: string | null } | null>(null);
  const timeoutId = useId();

  const back = (
    <button type="button" className="btn btn-ghost st-back" onClick={() => navigate(`/${area}`)}>
      <span aria-hidden="true">←</span> Back
    </button>
  );

  if (!settings) {
    return (
      <div className="st-page">
        {back}
        {read.isError ? (
          <div className="alert alert-error st-load-error" role="alert">
            <span>Your settings could not be loaded: {errorText(read.error)}</span>
            <button type="button" className="btn" onClick={() => void read.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <p className="muted st-state" role="status">
            Loading settings...
          </p>
        )}
      </div>
    );
  }

  const dirty = JSON.stringify(settings) !== JSON.stringify(saved);

  function update<S extends "notifications" | "privacy" | "security">(
    section: S,
    key: keyof UserSettings[S],
    value: UserSettings[S][keyof UserSettings[S]],
  ) {
    setNotice(null);
    setSettings((s) => ({ ...s, [section]: { ...s[section], [key]: value } }));
  }

  function toggleChannel(list: ChannelList, channelId: string, on: boolean) {
    setNotice(null);
    setSettings((s) => {
      const ids = s.channels[list].filter((id) => id !== channelId);
      return { ...s, channels: { ...s.channels, [list]: on ? [...ids, channelId] : ids } };
    });
  }

  async function save(password?: string) {
    if (!settings) return;
    setError(null);
    setNotice(null);
    try {
      const result = await store.mutateAsync({ body: { ...settings, ...(password && { password }) } });
      setConfirming(null);
      setSaved(result.settings);
      setDraft(null);
      setNotice(result.message || messages.settingsSaved);
      await refreshChannels().catch(() => undefined);
    } catch (failure) {
      if (asksForPassword(failure)) {
        setConfirming({ password: password ?? "", error: password ? errorText(failure) : null });
        return;
      }
      setConfirming(null);
      setError(errorText(failure));
    }
  }

  const { notifications, privacy, security } = settings;
  return (
    <div className="st-page">
      {back}
      <header className="st-header">
        <h1>Settings</h1>
        <p className="muted">Notifications, privacy, channels and security for your account.</p>
      </header>

      <div className="st-sections">
        <section className="card st-section" aria-labelledby="st-notifications">
          <h2 id="st-notifications">Notifications</h2>
          <Toggle
            label="Enable Notifications"
            description="Get notified about activity in your organizations."
            checked={notifications.enabled}
            onChange={(v) => update("notifications", "enabled", v)}
          />
          <Toggle
            label="Mentions"
            description="When someone mentions you."
            checked={notifications.mentions}
            disabled={!notifications.enabled}
            onChange={(v) => update("notifications", "mentions", v)}
          />
          <Toggle
            label="All Messages"
            description="Every new message in channels you have not muted."
            checked={notifications.allMessages}
            disabled={!notifications.enabled}
            onChange={(v) => update("notifications", "allMessages", v)}
          />
          <Toggle
            label="Sounds"
            description="Play a sound with each notification."
            checked={notifications.sounds}
            disabled={!notifications.enabled}
            onChange={(v) => update("notifications", "sounds", v)}
          />
          <BrowserNotificationsToggle
            checked={notifications.browser}
            disabled={!notifications.enabled}
            onChange={(v) => update("notifications", "browser", v)}
          />
        </section>

        <section className="card st-section" aria-labelledby="st-privacy">
          <h2 id="st-privacy">Privacy</h2>
          <Toggle
            label="Show Online Status"
            description="When off, others do not see you online and you are not counted in Online Now."
            checked={privacy.showOnlineStatus}
            onChange={(v) => update("privacy", "showOnlineStatus", v)}
          />
          <Toggle
            label="Allow Direct Messages"
            description="Members of your organizations can message you directly."
            checked={privacy.allowDirectMessages}
            onChange={(v) => update("privacy", "allowDirectMessages", v)}
          />
          <Toggle
            label="Show Read Receipts"
            description="Others see when you have read their messages."
            checked={privacy.showReadReceipts}
            onChange={(v) => update("privacy", "showReadReceipts", v)}
          />
          <Toggle
            label="Share My Email"
            description="Other members see your e-mail address. Administrators always see it."
            checked={privacy.shareEmail}
            onChange={(v) => update("privacy", "shareEmail", v)}
          />
        </section>

        <section className="card st-section st-wide" aria-labelledby="st-channels">
          <h2 id="st-channels">Channels</h2>
          <p className="muted st-sub">
            {current
              ? `Channels of ${current.name}. Muted channels raise no unread badge; hidden ones leave the sidebar; favourites come first.`
              : "Join an organization to access channels and participate in elections."}
          </p>
          {current && channels.length === 0 && (
            <p className="muted st-empty">This organization hasn't created any channels yet.</p>
          )}
          {channels.length > 0 && (
            <ChannelTable channels={channels} settings={settings} onToggle={toggleChannel} />
          )}
        </section>

        <section className="card st-section st-wide" aria-labelledby="st-security">
          <h2 id="st-security">Security</h2>
          <Toggle
            label="Require Password"
            description="Ask for your password again before saving these settings, switching two-factor, creating an invite link and voting."
            checked={security.requirePassword}
            onChange={(v) => update("security", "requirePassword", v)}
          />
          <div className="st-row">
            <div className="st-row-text">
              <span className="st-row-label">Two-Factor Authentication</span>
              <span className="st-row-desc">
                {security.twoFactorAuth
                  ? "On: signing in asks for a code from your authenticator app."
                  : "Off: protect your sign-in with a code from an authenticator app."}
              </span>
            </div>
            <span className={security.twoFactorAuth ? "st-pill st-pill-on" : "st-pill"}>
              {security.twoFactorAuth ? "On" : "Off"}
            </span>
            <button
              type="button"
              className={security.twoFactorAuth ? "btn" : "btn btn-primary"}
              onClick={() => setTwoFactor(security.twoFactorAuth ? "disable" : "enable")}
            >
              {security.twoFactorAuth ? "Turn Off" : "Set Up"}
            </button>
          </div>
          <div className="st-row">
            <div className="st-row-text">
              <label htmlFor={timeoutId} className="st-row-label">
                Session Timeout
              </label>
              <span className="st-row-desc">Sign out after this long without activity.</span>
            </div>
            <select
              id={timeoutId}
              className="st-select"
              value={security.sessionTimeout}
              onChange={(e) =>
                update(
                  "security",
                  "sessionTimeout",
                  Number(e.target.value) as UserSettings["security"]["sessionTimeout"],
                )
              }
            >
              {SESSION_TIMEOUTS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {SESSION_TIMEOUT_LABELS[minutes]}
                </option>
              ))}
            </select>
          </div>
        </section>
      </div>

      <div className="st-footer">
        <div className="st-footer-messages" aria-live="polite">
          {notice && (
            <div className="alert alert-success" role="status">
              {notice}
            </div>
          )}
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          {!notice && !error && dirty && <span className="muted">You have unsaved changes.</span>}
        </div>
        <div className="st-footer-buttons">
          <button
            type="button"
            className="btn"
            disabled={saving || !dirty}
            onClick={() => {
              setDraft(null);
              setError(null);
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
        <Modal
          title="Confirm with your password"
          onClose={() => setConfirming(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button
                type="submit"
                form="st-confirm-form"
                className="btn btn-primary"
                disabled={saving || confirming.password === ""}
              >
                {saving ? "Saving..." : "Save Settings"}
              </button>
            </>
          }
        >
          <form
            id="st-confirm-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (confirming.password) void save(confirming.password);
            }}
          >
            {confirming.error && (
              <div className="alert alert-error" role="alert">
                {confirming.error}
              </div>
            )}
            <PasswordAgain
              value={confirming.password}
              onChange={(password) => setConfirming({ password, error: null })}
            />
          </form>
        </Modal>
      )}

      {twoFactor && (
        <TwoFactorDialog
          mode={twoFactor}
          onClose={() => setTwoFactor(null)}
          onDone={(enabled) => {
            setTwoFactor(null);
            // Switched on the server already; the saved copy follows so "unsaved changes" stays true to life.
            const apply = (s: UserSettings) => ({
              ...s,
              security: { ...s.security, twoFactorAuth: enabled },
            });
            setDraft((d) => d && apply(d));
            if (saved) setSaved(apply(saved));
            setError(null);
            setNotice(`Two-factor authentication turned ${enabled ? "on" : "off"}.`);
          }}
        />
      )}
    </div>
  );
}

function ChannelTable({
  channels,
  settings,
  onToggle,
}: {
  channels: Channel[];
  settings: UserSettings;
  onToggle(list: ChannelList, channelId: string, on: boolean): void;
}) {
  const typeLabel = (channel: Channel) =>
    CHANNEL_GROUPS.find((group) => group.type === channel.type)?.label.replace(" Channels", "") ??
    channel.type;
  return (
    <table className="st-table">
      <thead>
        <tr>
          <th scope="col">Channel</th>
          {CHANNEL_COLUMNS.map((column) => (
            <th key={column.list} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {channels.map((channel) => (
          <tr key={channel.id}>
            <th scope="row">
              <span className="st-channel-name">{channel.name}</span>
              <span className="st-channel-type">
                {typeLabel(channel)}
                {channel.is_private && " · Private"}
              </span>
            </th>
            {CHANNEL_COLUMNS.map((column) => (
              <td key={column.list} data-label={column.label}>
                <input
                  type="checkbox"
                  aria-label={`${column.label}: ${channel.name}`}
                  checked={settings.channels[column.list].includes(channel.id)}
                  onChange={(e) => onToggle(column.list, channel.id, e.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
