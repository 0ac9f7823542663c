import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { POSITION_LABELS } from "../../../../contract/channels";
import { votingSettingsSchema } from "../../../../contract/channels-input";
import { type Election, partyOf } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import { messages } from "../../../../contract/messages";
import { startIsPast } from "../../../../contract/zoned-time";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { useEndpointMutation } from "../../api/query";
import { ChangedElsewhere } from "../../ui/ChangedElsewhere";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { fieldProps, formError, submitting, useContractForm } from "../../ui/form/useContractForm";
import { useVersionedEdit } from "../../ui/form/useVersionedEdit";
import { TrashIcon } from "../../ui/icons";
import { useToast } from "../../ui/Toast";
import { AddCandidate } from "./AddCandidateForm";
import styles from "./BallotEditor.module.css";
import { CandidateAvatar } from "./CandidateAvatar";
import shared from "./elections.module.css";
import { QuestionList } from "./QuestionList";
import { QuorumField } from "./QuorumField";
import { firstMessage, quorumValue, splitBallot } from "./questions";
import { text } from "./text";

/** The election's ballot as the channel's voting settings describe it (what PUT definition takes). */
export function definitionOf(election: Election) {
  const { candidates, questions } = splitBallot(election.positions);
  return {
    startDate: election.start_date,
    endDate: election.end_date,
    startTime: election.start_time,
    endTime: election.end_time,
    candidates,
    questions,
    quorumPercent: election.quorum_percent,
  };
}

/**
 * The ballot before voting opens: the period, hours and candidates, saved as one definition.
 *
 * The form stands on one version of the election (`base`) and sends it with the save: the server
 * refuses (409) a save based on an older version than its own. When the election changes elsewhere
 * (another tab's or administrator's save, read again after its realtime event), a form without
 * unsaved edits takes the new ballot at once; one with unsaved edits keeps them and says the election
 * changed, with a button to reload it. A refused save keeps the edits too, with the server's words.
 */
export function BallotEditor({
  election,
  onUpdated,
}: {
  election: Election;
  onUpdated(next: Election): void;
}) {
  const toast = useToast();
  const form = useContractForm(votingSettingsSchema, { defaultValues: definitionOf(election) });
  const candidates = useFieldArray({ control: form.control, name: "candidates" });
  // A question's dialog open holds a draft of its own: an unsaved edit too (its place may move).
  const [questionOpen, setQuestionOpen] = useState(false);
  const { isDirty: dirty, isSubmitting: saving } = form.formState;
  const edit = useVersionedEdit({
    current: election,
    versionOf: (value) => value.version,
    unsaved: dirty || questionOpen,
    standOn: (next) => form.reset(definitionOf(next)),
    read: async () => {
      const fresh = await call(electionsEndpoints.get, { params: { id: election.id } });
      onUpdated(fresh);
      return fresh;
    },
    changed: text.changedElsewhere,
    failed: text.actionFailed,
  });
  const save = useEndpointMutation(electionsEndpoints.setDefinition, {
    onSuccess: (next) => {
      edit.saved(next);
      onUpdated(next);
      toast(text.saved);
    },
  });
  const questions = form.watch("questions") ?? [];
  // What stops the save, shown as the draft changes: the contract's first rule broken.
  const draft = form.watch();
  const checked = votingSettingsSchema.safeParse(draft);
  const problem =
    candidates.fields.length === 0 && (draft.questions ?? []).length === 0
      ? text.needsCandidate
      : !checked.success
        ? (checked.error.issues[0]?.message ?? null)
        : startIsPast(draft.startDate, draft.startTime ?? "", election.time_zone, new Date())
          ? messages.votingStartPast
          : null;
  const refused = formError(form);

  return (
    <form
      className={styles.editor}
      onSubmit={submitting(form, (voting_settings) =>
        save
          .mutateAsync({ params: { id: election.id }, body: { voting_settings, version: edit.base } })
          .catch(edit.refused)
          .catch(underOwnField),
      )}
      noValidate
    >
      <p className={cx("muted", shared.small)}>{text.ballotEditorNote}</p>
      <div className={styles.editorWindow}>
        <Field label={text.startDate} type="date" {...fieldProps(form, "startDate")} />
        <Field label={text.endDate} type="date" {...fieldProps(form, "endDate")} />
        <Field label={text.startTime} type="time" {...fieldProps(form, "startTime")} />
        <Field label={text.endTime} type="time" {...fieldProps(form, "endTime")} />
      </div>
      <h4>{text.candidates}</h4>
      {candidates.fields.length === 0 ? (
        <p className={cx("muted", shared.small)}>{text.noCandidates}</p>
      ) : (
        <ul className={styles.editorCandidates}>
          {candidates.fields.map((candidate, index) => (
            <li key={candidate.id} className={styles.editorCandidate}>
              <CandidateAvatar name={candidate.name} image={candidate.image} size={32} />
              <span className={styles.editorCandidateText}>
                <strong>{candidate.name}</strong>
                <span className={cx("muted", shared.small)}>
                  {POSITION_LABELS[candidate.position]} · {partyOf(candidate.party)}
                </span>
              </span>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={text.removeCandidate(candidate.name)}
                title={text.removeCandidate(candidate.name)}
                onClick={() => candidates.remove(index)}
              >
                <TrashIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddCandidate onAdd={candidates.append} />
      <QuestionList
        questions={questions}
        organizationId={election.organization_id}
        onEditing={setQuestionOpen}
        problems={questions.map((_, index) => firstMessage(form.formState.errors.questions?.[index]))}
        onChange={(next) =>
          form.setValue("questions", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
      />
      <QuorumField {...fieldProps(form, "quorumPercent", quorumValue)} />
      {dirty && problem && <p className={shared.fieldError}>{problem}</p>}
      <ChangedElsewhere
        notice={edit.notice}
        reloadLabel={text.reloadElection}
        reloading={edit.reloading}
        busy={saving}
        onReload={edit.reload}
      />
      {refused && (
        <p className="alert alert-error" role="alert">
          {refused}
        </p>
      )}
      <div className={styles.editorActions}>
        {dirty && (
          <button type="button" className="btn btn-ghost" onClick={() => form.reset()} disabled={saving}>
            {text.resetChanges}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={!dirty || !!problem || saving}>
          {saving ? text.saving : text.saveBallot}
        </button>
      </div>
    </form>
  );
}

/** The server names a field of the body (`voting_settings.…`); this form holds the voting settings themselves. */
function underOwnField(failure: unknown): never {
  if (failure instanceof ApiError && failure.field?.startsWith("voting_settings.")) {
    throw new ApiError(
      failure.status,
      failure.code,
      failure.message,
      failure.field.slice("voting_settings.".length),
    );
  }
  throw failure;
}
