import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useFieldArray } from "react-hook-form";
import {
  CANDIDATE_ORDERS,
  type CountingMethod,
  type QuestionInput,
} from "../../../../contract/ballots/question";
import { questionInputSchema } from "../../../../contract/ballots/question-input";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import { Status } from "../../ui/Status";
import { TextAreaField } from "../../ui/TextAreaField";
import { CandidatePhotoInput } from "./CandidatePhotoInput";
import { useListFocus } from "./listFocus";
import { MethodSettings, type QuestionForm } from "./MethodSettings";
import styles from "./QuestionEditor.module.css";
import {
  blankCandidate,
  blankQuestion,
  defaultMethod,
  fitMethod,
  METHOD_CHOICES,
  TITLE_PRESETS,
} from "./questions";

const ORDER_LABELS: Record<(typeof CANDIDATE_ORDERS)[number], string> = {
  as_entered: "As entered here",
  shuffled: "Shuffled for each voter",
};

/**
 * One question in its dialog (adding or editing): title, description, method and its settings,
 * candidates with party, statement and photo, blank vote and order; checked by the contract's
 * questionInputSchema before it goes back to the ballot. Drawn in document.body, so its form is
 * never inside the ballot's own form.
 */
export function QuestionEditor({
  initial,
  organizationId,
  onSave,
  onClose,
}: {
  /** The question edited, or undefined for a new one. */
  initial?: QuestionInput;
  organizationId: string;
  onSave(question: QuestionInput): void;
  onClose(): void;
}) {
  const form: QuestionForm = useContractForm(questionInputSchema, {
    defaultValues: initial ?? blankQuestion(),
  });
  const candidates = useFieldArray({ control: form.control, name: "candidates" });
  const focus = useListFocus();
  // A referendum has no candidates: those entered are kept aside in case the method changes back.
  const setAside = useRef<QuestionInput["candidates"]>([]);
  const formId = useId();
  const methodId = useId();
  const presetsId = useId();
  const kind = form.watch("method.kind");
  const values = form.watch();
  const { isSubmitted, errors } = form.formState;
  // The question's own rules (enough candidates, seats, limits) concern no single field.
  const checked = questionInputSchema.safeParse(values);
  const problem = checked.success
    ? null
    : (checked.error.issues.find((issue) => issue.path.length === 0)?.message ?? null);

  const pick = (next: CountingMethod) => {
    const current = form.getValues("candidates");
    if (next === "referendum" && kind !== "referendum") {
      setAside.current = current;
      form.setValue("candidates", []);
      // Its Abstain answer is its blank vote.
      form.setValue("blank", false);
    } else if (next !== "referendum" && kind === "referendum") {
      const back = setAside.current.length > 0 ? setAside.current : [blankCandidate(), blankCandidate()];
      form.setValue("candidates", back);
    }
    form.setValue("method", defaultMethod(next, form.getValues("candidates").length), {
      shouldValidate: isSubmitted,
    });
  };

  /**
   * Adds or removes candidates, the method's limits following (`fitMethod`) unless the administrator
   * set them: a "Most choices" typed equal to the count of candidates is meant, not "all of them".
   */
  const resize = (after: number, change: () => void) => {
    const method = form.getValues("method");
    const { isTouched, isDirty } = form.getFieldState("method.max");
    const fitted =
      isTouched || isDirty ? method : fitMethod(method, form.getValues("candidates").length, after);
    change();
    if (fitted !== method) form.setValue("method", fitted, { shouldValidate: isSubmitted });
  };

  const save = submitting(form, (question) => onSave(question));
  const explanation = METHOD_CHOICES.find((choice) => choice.kind === kind)?.explanation;

  return createPortal(
    <Modal
      wide
      title={initial ? "Edit Question" : "Add Question"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary">
            {initial ? "Save Question" : "Add Question"}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.question}
        noValidate
        onSubmit={(event) => {
          // The dialog sits in the page's React tree: its submit must not reach the ballot's form.
          event.stopPropagation();
          void save(event);
        }}
      >
        <Field
          label="Question title"
          required
          maxLength={200}
          list={presetsId}
          placeholder="e.g. Treasurer, Board of Directors, Motion 3: amend article 12"
          {...fieldProps(form, "title")}
        />
        <datalist id={presetsId}>
          {TITLE_PRESETS.map((title) => (
            <option key={title} value={title} />
          ))}
        </datalist>
        <TextAreaField
          label="Description (optional)"
          maxLength={5000}
          rows={2}
          hint="Shown to voters above the choices."
          {...fieldProps(form, "description")}
        />

        <div className="field">
          <label htmlFor={methodId}>Voting method</label>
          <select
            id={methodId}
            value={kind}
            aria-describedby={`${methodId}-hint`}
            onChange={(event) => pick(event.target.value as CountingMethod)}
          >
            {METHOD_CHOICES.map((choice) => (
              <option key={choice.kind} value={choice.kind}>
                {choice.label}
              </option>
            ))}
          </select>
          <span id={`${methodId}-hint`} className="hint" aria-live="polite">
            {explanation}
          </span>
        </div>
        <MethodSettings form={form} candidates={values.candidates.length} />

        {kind === "referendum" ? (
          <p className="muted">
            Voters answer Yes or No
            {values.method.kind === "referendum" && values.method.abstain ? ", or Abstain" : ""}: a referendum
            has no candidates.
          </p>
        ) : (
          <fieldset className={styles.candidates}>
            <legend>Candidates ({candidates.fields.length})</legend>
            {errors.candidates?.message && (
              <p className="hint invalid" role="alert">
                {errors.candidates.message}
              </p>
            )}
            <ol className={styles.candidateList} ref={focus.list}>
              {candidates.fields.map((candidate, index) => {
                const name = values.candidates[index]?.name ?? "";
                const who = name.trim() || `candidate ${index + 1}`;
                return (
                  <li key={candidate.id} className={styles.candidate}>
                    <div className={styles.candidateHead}>
                      <strong className={styles.candidateName}>
                        {name.trim() || `Candidate ${index + 1}`}
                      </strong>
                      <span className={styles.candidateActions}>
                        <button
                          type="button"
                          className={cx("btn", "btn-ghost", styles.candidateAction)}
                          aria-label={`Move ${who} up`}
                          data-action="up"
                          disabled={index === 0}
                          onClick={() => {
                            candidates.move(index, index - 1);
                            focus.moved(who, index - 1, candidates.fields.length, "up");
                          }}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className={cx("btn", "btn-ghost", styles.candidateAction)}
                          aria-label={`Move ${who} down`}
                          data-action="down"
                          disabled={index === candidates.fields.length - 1}
                          onClick={() => {
                            candidates.move(index, index + 1);
                            focus.moved(who, index + 1, candidates.fields.length, "down");
                          }}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className={cx("btn", "btn-ghost", styles.candidateAction)}
                          aria-label={`Remove ${who}`}
                          data-action="remove"
                          onClick={() => {
                            resize(candidates.fields.length - 1, () => candidates.remove(index));
                            focus.removed(who, index);
                          }}
                        >
                          Remove
                        </button>
                      </span>
                    </div>
                    <div className={styles.candidateGrid}>
                      <Field
                        label="Name"
                        required
                        maxLength={200}
                        {...fieldProps(form, `candidates.${index}.name`)}
                      />
                      <Field
                        label="Party (optional)"
                        maxLength={200}
                        {...fieldProps(form, `candidates.${index}.party`)}
                      />
                    </div>
                    <TextAreaField
                      label="Statement (optional)"
                      rows={2}
                      maxLength={5000}
                      hint="The candidate's own words, shown on the ballot."
                      {...fieldProps(form, `candidates.${index}.statement`)}
                    />
                    <CandidatePhotoInput
                      organizationId={organizationId}
                      candidateName={name}
                      value={values.candidates[index]?.photo_url ?? ""}
                      error={errors.candidates?.[index]?.photo_url?.message}
                      onChange={(url) =>
                        form.setValue(`candidates.${index}.photo_url`, url, { shouldDirty: true })
                      }
                    />
                  </li>
                );
              })}
            </ol>
            <button
              type="button"
              className="btn"
              ref={focus.add}
              onClick={() => resize(candidates.fields.length + 1, () => candidates.append(blankCandidate()))}
            >
              + Add candidate
            </button>
          </fieldset>
        )}

        {/* A referendum's blank is its Abstain: shown there only to be unticked (saved before that rule). */}
        {(kind !== "referendum" || values.blank) && (
          <label className={styles.check}>
            <input type="checkbox" {...form.register("blank")} />
            <span>Allow a blank vote (counted as cast, for no one)</span>
          </label>
        )}
        {kind !== "referendum" && (
          <fieldset className={styles.order}>
            <legend>Candidate order on the ballot</legend>
            {CANDIDATE_ORDERS.map((order) => (
              <label key={order} className={styles.check}>
                <input type="radio" value={order} {...form.register("order")} />
                <span>{ORDER_LABELS[order]}</span>
              </label>
            ))}
          </fieldset>
        )}
        <Status className="visually-hidden">{focus.said}</Status>
        {isSubmitted && problem && (
          <p className="alert alert-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Modal>,
    document.body,
  );
}
