import { type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  CHANNEL_NAME_MAX,
  CHANNEL_TYPES,
  type ChannelType,
  type CreateChannelInput,
  channelsEndpoints,
  createChannelInput,
  DEFAULT_END_TIME,
  DEFAULT_SECURITY_SETTINGS,
  DEFAULT_START_TIME,
  type SecuritySettings,
} from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { TextAreaField } from "../../ui/TextAreaField";
import { useWorkspace } from "../workspace/WorkspaceContext";
import { CandidateModal } from "./CandidateModal";
import { ChannelTypePicker } from "./ChannelTypePicker";
import { SecuritySection } from "./SecuritySection";
import { type CandidateEntry, VotingSection } from "./VotingSection";
import "./createChannel.css";

/** Spec part 1 section 9: the redirect after channel creation. */
const REDIRECT_AFTER_MS = 2000;

function initialType(param: string | null, mayManage: boolean): ChannelType {
  const type = CHANNEL_TYPES.find((t) => t === param) ?? "text";
  return type === "election" && !mayManage ? "text" : type;
}

/** The Create Channel screen (spec part 1 section 2): details, security and, for elections, voting settings. */
export default function CreateChannelPage() {
  const { area, current, currentId, status, refreshChannels } = useWorkspace();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mayManage = current?.can.manage ?? false;

  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [type, setType] = useState<ChannelType>(() => initialType(params.get("type"), mayManage));
  const [description, setDescription] = useState("");
  const [isPrivate, setIsPrivate] = useState(false);
  const [security, setSecurity] = useState<SecuritySettings>(DEFAULT_SECURITY_SETTINGS);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [startTime, setStartTime] = useState(DEFAULT_START_TIME);
  const [endTime, setEndTime] = useState(DEFAULT_END_TIME);
  const [candidates, setCandidates] = useState<CandidateEntry[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const nameId = useId();

  // The workspace may finish loading after the first render: follow ?type= once we know the role.
  useEffect(() => {
    setType(initialType(params.get("type"), mayManage));
  }, [params, mayManage]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(`/${area}`), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, area]);

  if (status === "loading") {
    return (
      <div className="cc-page cc-state" role="status">
        Loading...
      </div>
    );
  }
  if (!current || !currentId) {
    return (
      <div className="cc-page cc-state">
        <h1>Create Channel</h1>
        <p className="muted">{messages.noOrganization}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate(`/${area}/search-organizations`)}
        >
          Search Organizations
        </button>
      </div>
    );
  }

  const isElection = type === "election";
  const missingPeriod = isElection && (!startDate || !endDate);
  const missingCandidates = isElection && candidates.length === 0;
  const canSubmit = !busy && name.trim() !== "" && !missingPeriod && !missingCandidates;

  function reset() {
    setName("");
    setNameTouched(false);
    setDescription("");
    setIsPrivate(false);
    setSecurity(DEFAULT_SECURITY_SETTINGS);
    setStartDate("");
    setEndDate("");
    setStartTime(DEFAULT_START_TIME);
    setEndTime(DEFAULT_END_TIME);
    setCandidates([]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const input: CreateChannelInput = {
      organization_id: currentId ?? undefined,
      name,
      type,
      description,
      is_private: isPrivate,
      // E-mail and phone verification act on election channels only (the server refuses them elsewhere).
      security_settings: isElection
        ? security
        : { ...security, emailVerification: false, phoneVerification: false },
      ...(isElection && {
        voting_settings: {
          startDate,
          endDate,
          startTime,
          endTime,
          candidates: candidates.map(({ key: _key, ...candidate }) => candidate),
        },
      }),
    };
    const checked = createChannelInput.safeParse(input);
    if (!checked.success) {
      setNameTouched(true);
      setError(checked.error.issues[0]?.message ?? messages.channelNameRequired);
      return;
    }
    setBusy(true);
    try {
      const { channel } = await call(channelsEndpoints.create, { body: input });
      setSuccess(messages.channelCreated(channel.name));
      reset();
      await refreshChannels().catch(() => undefined);
    } catch (failure) {
      // The server's message (e.g. the name is taken), else the spec's fallback.
      const reason = failure instanceof Error && failure.message ? failure.message : "Unknown error";
      setError(messages.createChannelFailed + reason);
    } finally {
      setBusy(false);
    }
  }

  const setSecurityKey = (key: keyof SecuritySettings) => (value: boolean) =>
    setSecurity((s) => ({ ...s, [key]: value }));

  return (
    <div className="cc-page">
      <header className="cc-header">
        <h1>Create Channel</h1>
        <p className="muted">
          A new channel in <strong>{current.name}</strong>.
        </p>
      </header>

      {success && (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}

      <form onSubmit={submit} noValidate className="cc-form">
        <section className="card cc-section" aria-labelledby="cc-details">
          <h2 id="cc-details">Channel Details</h2>
          <div className="field">
            <div className="cc-label-row">
              <label htmlFor={nameId}>Channel Name</label>
              <span className="cc-counter" aria-live="polite">
                {name.length}/{CHANNEL_NAME_MAX}
              </span>
            </div>
            <input
              id={nameId}
              name="name"
              required
              maxLength={CHANNEL_NAME_MAX}
              placeholder="e.g. general-announcements"
              value={name}
              aria-invalid={(nameTouched && name.trim() === "") || undefined}
              aria-describedby={`${nameId}-hint`}
              onChange={(e) => {
                setName(e.target.value.slice(0, CHANNEL_NAME_MAX));
                setNameTouched(true);
              }}
              onBlur={() => setNameTouched(true)}
            />
            <span
              id={`${nameId}-hint`}
              className={nameTouched && name.trim() === "" ? "hint invalid" : "hint"}
            >
              {nameTouched && name.trim() === ""
                ? messages.channelNameRequired
                : "Channel names are unique within their group."}
            </span>
          </div>

          <ChannelTypePicker type={type} mayManage={mayManage} onChange={setType} />

          <TextAreaField
            label="Description"
            name="description"
            maxLength={500}
            placeholder="What is this channel for?"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />

          <label className={mayManage ? "cc-check" : "cc-check cc-check-disabled"}>
            <input
              type="checkbox"
              name="private"
              checked={isPrivate}
              disabled={!mayManage}
              onChange={(e) => setIsPrivate(e.target.checked)}
            />
            <span>
              <strong>Private Channel</strong>
              <span className="cc-check-note">
                {mayManage
                  ? "Read-only for members: only administrators can post and comment."
                  : messages.privateChannelAdminOnly}
              </span>
            </span>
          </label>
        </section>

        <SecuritySection type={type} security={security} onChange={setSecurityKey} />

        {isElection && (
          <VotingSection
            startDate={startDate}
            endDate={endDate}
            startTime={startTime}
            endTime={endTime}
            onStartDate={setStartDate}
            onEndDate={setEndDate}
            onStartTime={setStartTime}
            onEndTime={setEndTime}
            candidates={candidates}
            missingPeriod={missingPeriod}
            missingCandidates={missingCandidates}
            onAddCandidate={() => setAdding(true)}
            onRemoveCandidate={(key) => setCandidates((list) => list.filter((c) => c.key !== key))}
          />
        )}

        <div className="cc-actions">
          <button type="button" className="btn" onClick={() => navigate(`/${area}`)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
            {busy ? "Creating..." : "Create Channel"}
          </button>
        </div>
      </form>

      {adding && (
        <CandidateModal
          onClose={() => setAdding(false)}
          onAdd={(candidate) => {
            setCandidates((list) => [...list, { ...candidate, key: nextKey }]);
            setNextKey((k) => k + 1);
            setAdding(false);
          }}
        />
      )}
    </div>
  );
}
