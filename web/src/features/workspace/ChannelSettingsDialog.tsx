import { type ReactNode, useEffect, useId, useState } from "react";
import {
  type Channel,
  type ChannelPermissions,
  type ChannelType,
  channelsEndpoints,
  NOTIFY_CHOICES,
  type NotifyChoice,
  type SecuritySettings,
} from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { Modal } from "../../ui/Modal";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { Toggle } from "../../ui/Toggle";
import { NOTIFY_LABELS, text } from "./text";
import { useWorkspace } from "./WorkspaceContext";

type SectionId = "notifications" | "security" | "permissions" | "visibility" | "members";

const SECTIONS: Array<{ id: SectionId; label: string }> = [
  { id: "notifications", label: text.notificationSettings },
  { id: "security", label: text.securitySettings },
  { id: "permissions", label: text.channelPermissions },
  { id: "visibility", label: text.channelVisibility },
  { id: "members", label: text.memberManagement },
];

type Outcome = { tone: "success" | "error"; text: string } | null;

/** One save: busy while out, then the server's word (success or refusal) beside the button and as a toast. */
function useSave() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const said = (await action()) ?? messages.settingsSaved;
      setOutcome({ tone: "success", text: said });
    } catch (error) {
      const said = messageOf(error);
      setOutcome({ tone: "error", text: said });
      toast(said, "error");
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, clear: () => setOutcome(null) };
}

function SectionFoot({
  busy,
  outcome,
  dirty,
  onSave,
}: {
  busy: boolean;
  outcome: Outcome;
  dirty: boolean;
  onSave(): void;
}) {
  return (
    <div className="ws-settings-foot">
      <span
        className={
          outcome ? `ws-settings-outcome ws-settings-outcome-${outcome.tone}` : "ws-settings-outcome"
        }
        role={outcome?.tone === "error" ? "alert" : "status"}
      >
        {outcome?.text}
      </span>
      <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={onSave}>
        {busy ? text.saving : text.saveSection}
      </button>
    </div>
  );
}

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <h3 className="ws-settings-title">{title}</h3>
      <p className="ws-settings-intro">{intro}</p>
      {children}
    </>
  );
}

function NotificationSection({ channel }: { channel: Channel }) {
  const { replaceChannel } = useWorkspace();
  const name = useId();
  const [choice, setChoice] = useState<NotifyChoice>(channel.preferences.notify);
  const save = useSave();
  return (
    <Section title={text.notificationSettings} intro={text.notificationsIntro}>
      <fieldset className="ws-radio-list">
        <legend className="visually-hidden">{text.notificationSettings}</legend>
        {NOTIFY_CHOICES.map((option) => (
          <label key={option} className="ws-radio">
            <input
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => {
                setChoice(option);
                save.clear();
              }}
            />
            <span>{NOTIFY_LABELS[option]}</span>
          </label>
        ))}
      </fieldset>
      <SectionFoot
        {...save}
        dirty={choice !== channel.preferences.notify}
        onSave={() =>
          void save.run(async () => {
            const result = await call(channelsEndpoints.setPreferences, {
              params: { id: channel.id },
              body: { notify: choice },
            });
            replaceChannel(result.channel);
            return undefined;
          })
        }
      />
    </Section>
  );
}

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

function SecuritySection({ channel }: { channel: Channel }) {
  const { replaceChannel } = useWorkspace();
  const [settings, setSettings] = useState<SecuritySettings>(channel.security_settings);
  const save = useSave();
  const toggles = securityToggles(channel.type);
  const dirty = toggles.some(({ key }) => settings[key] !== channel.security_settings[key]);
  return (
    <Section title={text.securitySettings} intro={text.securityIntro}>
      <div className="ws-toggle-list">
        {toggles.map(({ key, label, description }) => (
          <Toggle
            key={key}
            label={label}
            description={description}
            checked={settings[key]}
            disabled={save.busy}
            onChange={(next) => {
              setSettings((value) => ({ ...value, [key]: next }));
              save.clear();
            }}
          />
        ))}
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
      <SectionFoot
        {...save}
        dirty={dirty}
        onSave={() =>
          void save.run(async () => {
            const result = await call(channelsEndpoints.update, {
              params: { id: channel.id },
              body: {
                security_settings: { ...channel.security_settings, ...pick(settings, toggles) },
              },
            });
            replaceChannel(result.channel);
            return result.message;
          })
        }
      />
    </Section>
  );
}

/** Only the switches shown are sent. */
const pick = (settings: SecuritySettings, toggles: SecurityToggle[]) =>
  Object.fromEntries(toggles.map(({ key }) => [key, settings[key]]));

function PermissionsSection({ channel }: { channel: Channel }) {
  const { replaceChannel } = useWorkspace();
  const [permissions, setPermissions] = useState<ChannelPermissions>(channel.permissions);
  const save = useSave();
  const dirty =
    permissions.membersCanComment !== channel.permissions.membersCanComment ||
    permissions.membersCanAttach !== channel.permissions.membersCanAttach;
  return (
    <Section title={text.channelPermissions} intro={text.permissionsIntro}>
      <div className="ws-toggle-list">
        <Toggle
          label={text.membersCanComment}
          checked={permissions.membersCanComment}
          disabled={save.busy}
          onChange={(next) => {
            setPermissions((value) => ({ ...value, membersCanComment: next }));
            save.clear();
          }}
        />
        <Toggle
          label={text.membersCanAttach}
          checked={permissions.membersCanAttach}
          disabled={save.busy}
          onChange={(next) => {
            setPermissions((value) => ({ ...value, membersCanAttach: next }));
            save.clear();
          }}
        />
      </div>
      <SectionFoot
        {...save}
        dirty={dirty}
        onSave={() =>
          void save.run(async () => {
            const result = await call(channelsEndpoints.update, {
              params: { id: channel.id },
              body: { permissions },
            });
            replaceChannel(result.channel);
            return result.message;
          })
        }
      />
    </Section>
  );
}

function VisibilitySection({ channel }: { channel: Channel }) {
  const { replaceChannel } = useWorkspace();
  const name = useId();
  const [isPrivate, setIsPrivate] = useState(channel.is_private);
  const save = useSave();
  const options = [
    { value: false, label: text.public, note: text.publicNote },
    { value: true, label: text.private, note: text.privateNote },
  ];
  return (
    <Section title={text.channelVisibility} intro={text.visibilityIntro}>
      <fieldset className="ws-radio-list">
        <legend className="visually-hidden">{text.channelVisibility}</legend>
        {options.map((option) => (
          <label key={option.label} className="ws-radio ws-radio-card">
            <input
              type="radio"
              name={name}
              checked={isPrivate === option.value}
              onChange={() => {
                setIsPrivate(option.value);
                save.clear();
              }}
            />
            <span>
              <strong>{option.label}</strong>
              <span className="ws-radio-note">{option.note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SectionFoot
        {...save}
        dirty={isPrivate !== channel.is_private}
        onSave={() =>
          void save.run(async () => {
            const result = await call(channelsEndpoints.update, {
              params: { id: channel.id },
              body: { is_private: isPrivate },
            });
            replaceChannel(result.channel);
            return result.message;
          })
        }
      />
    </Section>
  );
}

function MembersSection({ channel }: { channel: Channel }) {
  const { members } = useWorkspace();
  const voters = members.filter((member) => member.role !== "admin");
  const [saved, setSaved] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const save = useSave();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's way to load again
  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    setSaved(null);
    call(channelsEndpoints.posters, { params: { id: channel.id } })
      .then(({ user_ids }) => {
        if (cancelled) return;
        setSaved(user_ids);
        setChosen(new Set(user_ids));
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(messageOf(error));
      });
    return () => {
      cancelled = true;
    };
  }, [channel.id, attempt]);

  const dirty = saved !== null && (saved.length !== chosen.size || saved.some((id) => !chosen.has(id)));

  return (
    <Section title={text.memberManagement} intro={text.membersIntro}>
      {loadError ? (
        <div className="alert alert-error" role="alert">
          {loadError}{" "}
          <button type="button" className="ws-link-button" onClick={() => setAttempt((n) => n + 1)}>
            {text.retry}
          </button>
        </div>
      ) : saved === null ? (
        <p className="muted" role="status">
          {text.loadingMembers}
        </p>
      ) : voters.length === 0 ? (
        <p className="muted">{text.noVoterMembers}</p>
      ) : (
        <fieldset className="ws-check-list">
          <legend className="visually-hidden">{text.memberManagement}</legend>
          {voters.map((member) => (
            <label key={member.user_id} className="ws-check">
              <input
                type="checkbox"
                checked={chosen.has(member.user_id)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(member.user_id);
                  else next.delete(member.user_id);
                  setChosen(next);
                  save.clear();
                }}
              />
              <span>
                <strong>{member.full_name}</strong>
                <span className="ws-check-note">{member.email}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <SectionFoot
        {...save}
        dirty={dirty}
        onSave={() =>
          void save.run(async () => {
            const result = await call(channelsEndpoints.setPosters, {
              params: { id: channel.id },
              body: { user_ids: [...chosen] },
            });
            setSaved(result.user_ids);
            setChosen(new Set(result.user_ids));
            return undefined;
          })
        }
      />
    </Section>
  );
}

/** The channel's settings, one section at a time; each section saves through the API on its own. */
export function ChannelSettingsDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const [section, setSection] = useState<SectionId>("notifications");
  const tabsId = useId();
  const sections = SECTIONS.filter((item) => item.id !== "members" || channel.is_private);
  const shown = sections.some((item) => item.id === section) ? section : "notifications";

  return (
    <Modal title={text.settingsTitle(channel.name)} onClose={onClose} wide>
      <div className="ws-settings">
        <div
          className="ws-settings-tabs"
          role="tablist"
          aria-orientation="vertical"
          aria-label={text.settings}
        >
          {sections.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${tabsId}-${item.id}`}
              aria-selected={shown === item.id}
              aria-controls={`${tabsId}-panel`}
              tabIndex={shown === item.id ? 0 : -1}
              className="ws-settings-tab"
              onClick={() => setSection(item.id)}
              onKeyDown={(event) => {
                const index = sections.findIndex((s) => s.id === item.id);
                const delta = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
                if (!delta) return;
                event.preventDefault();
                const next = sections[(index + delta + sections.length) % sections.length];
                if (!next) return;
                setSection(next.id);
                document.getElementById(`${tabsId}-${next.id}`)?.focus();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div
          className="ws-settings-panel"
          role="tabpanel"
          id={`${tabsId}-panel`}
          aria-labelledby={`${tabsId}-${shown}`}
        >
          {shown === "notifications" && <NotificationSection key={channel.id} channel={channel} />}
          {shown === "security" && <SecuritySection key={channel.id} channel={channel} />}
          {shown === "permissions" && <PermissionsSection key={channel.id} channel={channel} />}
          {shown === "visibility" && <VisibilitySection key={channel.id} channel={channel} />}
          {shown === "members" && <MembersSection key={channel.id} channel={channel} />}
        </div>
      </div>
    </Modal>
  );
}
