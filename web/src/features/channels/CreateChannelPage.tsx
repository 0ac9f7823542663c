import { useEffect, useId, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { CHANNEL_NAME_MAX, CHANNEL_TYPES, type ChannelType } from "../../../../contract/channels";
import { channelsEndpoints } from "../../../../contract/channels-endpoints";
import { messages } from "../../../../contract/messages";
import { startIsPast } from "../../../../contract/zoned-time";
import { useEndpointMutation } from "../../api/query";
import { useNavigate, useSearchParams } from "../../router";
import { cx } from "../../ui/cx";
import { fieldProps, formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { TextAreaField } from "../../ui/TextAreaField";
import { useWorkspace } from "../workspace/WorkspaceContext";
import type { HomeState } from "../workspace/WorkspaceHome";
import { CandidateModal } from "./CandidateModal";
import { ChannelTypePicker } from "./ChannelTypePicker";
import styles from "./CreateChannelPage.module.css";
import { blankChannel, createChannelForm } from "./createChannelForm";
import { SecuritySection } from "./SecuritySection";
import { VotingSection } from "./VotingSection";

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
  // Checked as the fields change (and on leaving them): the name's rule shows as it is typed.
  const form = useContractForm(createChannelForm, {
    mode: "all",
    defaultValues: blankChannel(initialType(params.get("type"), mayManage)),
  });
  const candidates = useFieldArray({ control: form.control, name: "voting_settings.candidates" });
  const create = useEndpointMutation(channelsEndpoints.create);
  const [adding, setAdding] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  // What else the creation changed (the first election turned Require Admin Approval on).
  const [notice, setNotice] = useState<string | null>(null);
  const nameId = useId();

  // The workspace may finish loading after the first render: follow ?type= once we know the role.
  useEffect(() => {
    form.setValue("type", initialType(params.get("type"), mayManage));
  }, [form, params, mayManage]);

  useEffect(() => {
    if (!success) return;
    // The notice goes along: the workspace home shows it again, as two seconds may not be time to read it.
    const timer = setTimeout(
      () => navigate(`/${area}`, notice ? { state: { notice } satisfies HomeState } : undefined),
      REDIRECT_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [success, notice, navigate, area]);

  if (status === "loading") {
    return (
      <Status as="div" className={cx(styles.page, styles.state)}>
        Loading...
      </Status>
    );
  }
  if (!current || !currentId) {
    return (
      <div className={cx(styles.page, styles.state)}>
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

  // A suspended organization takes no new channel (the server refuses too): said before any typing.
  if (current.status === "suspended") {
    return (
      <div className={cx(styles.page, styles.state)}>
        <h1>Create Channel</h1>
        <Status>{messages.organizationSuspended}</Status>
      </div>
    );
  }

  const { name, type, is_private, security_settings, voting_settings } = form.watch();
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const isElection = type === "election";
  const missingPeriod = isElection && (!voting_settings.startDate || !voting_settings.endDate);
  const missingCandidates =
    isElection && candidates.fields.length === 0 && voting_settings.questions.length === 0;
  // Said as the start is chosen, in the server's words and the organization's time zone; Create
  // stays off meanwhile, so the refusal is not said a second time beside it (the server still
  // refuses such a start, should the browser's clock disagree).
  const startPast =
    isElection &&
    startIsPast(voting_settings.startDate, voting_settings.startTime, current.timezone, new Date());
  const canSubmit = !isSubmitting && name.trim() !== "" && !missingPeriod && !missingCandidates && !startPast;
  const nameError = errors.name?.message;
  // A refusal that is about no field: the voting settings' own rule (end after start) once submitted,
  // or the server's (a taken name), in the spec's words.
  const refused = formError(form);
  const error = refused
    ? messages.createChannelFailed + refused
    : isSubmitted
      ? errors.voting_settings?.message
      : undefined;

  const submit = submitting(form, async (body) => {
    setSuccess(null);
    setNotice(null);
    const created = await create.mutateAsync({ body: { ...body, organization_id: currentId } });
    setSuccess(messages.channelCreated(created.channel.name));
    setNotice(created.notice ?? null);
    form.reset(blankChannel(type));
    await refreshChannels().catch(() => undefined);
  });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Create Channel</h1>
        <p className="muted">
          A new channel in <strong>{current.name}</strong>.
        </p>
      </header>

      <form onSubmit={submit} noValidate className={styles.form}>
        <section className={cx("card", styles.section)} aria-labelledby="cc-details">
          <h2 id="cc-details">Channel Details</h2>
          <div className="field">
            <div className={styles.labelRow}>
              <label htmlFor={nameId}>Channel Name</label>
              {/* Read with the field (its description), not said at every key. */}
              <span id={`${nameId}-count`} className={styles.counter}>
                {name.length}/{CHANNEL_NAME_MAX}
                <span className="visually-hidden"> characters</span>
              </span>
            </div>
            <input
              id={nameId}
              required
              maxLength={CHANNEL_NAME_MAX}
              placeholder="e.g. general-announcements"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${nameId}-hint ${nameId}-count`}
              {...form.register("name")}
            />
            <span id={`${nameId}-hint`} className={nameError ? "hint invalid" : "hint"}>
              {nameError ?? "Channel names are unique within their group."}
            </span>
          </div>

          <ChannelTypePicker
            type={type}
            mayManage={mayManage}
            onChange={(next) => form.setValue("type", next)}
          />

          <TextAreaField
            label="Description"
            maxLength={500}
            placeholder="What is this channel for?"
            {...fieldProps(form, "description")}
          />

          <label className={mayManage ? styles.check : cx(styles.check, styles.checkDisabled)}>
            <input
              type="checkbox"
              name="private"
              checked={is_private}
              disabled={!mayManage}
              onChange={(e) => form.setValue("is_private", e.target.checked)}
            />
            <span>
              <strong>Private Channel</strong>
              <span className={styles.checkNote}>
                {mayManage
                  ? "Read-only for members: only administrators can post and comment."
                  : messages.privateChannelAdminOnly}
              </span>
            </span>
          </label>
        </section>

        <SecuritySection
          type={type}
          security={security_settings}
          onChange={(key) => (value) => form.setValue(`security_settings.${key}`, value)}
        />

        {isElection && (
          <VotingSection
            form={form}
            organizationId={currentId}
            candidates={candidates.fields}
            // The blank form left after a creation (the page goes on to the dashboard) asks for nothing.
            missingPeriod={missingPeriod && !success}
            startPast={startPast}
            timeZone={current.timezone}
            missingCandidates={missingCandidates && !success}
            onAddCandidate={() => setAdding(true)}
            onRemoveCandidate={candidates.remove}
          />
        )}

        {/* By the button that was pressed: the form is longer than a screen. */}
        {success && (
          <Status as="div" className={cx("alert alert-success", styles.success)}>
            <p>{success}</p>
            {notice && <p>{notice}</p>}
          </Status>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}

        <div className={styles.actions}>
          <button type="button" className="btn" onClick={() => navigate(`/${area}`)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
            {isSubmitting ? "Creating..." : "Create Channel"}
          </button>
        </div>
      </form>

      {adding && (
        <CandidateModal
          onClose={() => setAdding(false)}
          onAdd={(candidate) => {
            candidates.append(candidate);
            setAdding(false);
          }}
        />
      )}
    </div>
  );
}
