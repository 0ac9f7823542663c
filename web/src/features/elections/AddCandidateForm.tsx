import { useId } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type CandidatePosition,
  POSITION_LABELS,
} from "../../../../contract/channels";
import { candidateInputSchema } from "../../../../contract/channels-input";
import { Field } from "../../ui/Field";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import styles from "./AddCandidateForm.module.css";
import { text } from "./text";

/** The position starts unchosen: the select shows "Select a position" until one is picked. */
const emptyCandidate = { name: "", party: "", position: "" as CandidatePosition, image: "" };

/**
 * The ballot editor's form for one more candidate (a group inside the editor's form, so Add is a
 * plain button): the contract's rules, shown under their fields once Add was tried.
 */
export function AddCandidate({ onAdd }: { onAdd(candidate: CandidateInput): void }) {
  const form = useContractForm(candidateInputSchema, { defaultValues: emptyCandidate });
  const positionId = useId();
  const positionError = form.formState.errors.position?.message;
  const add = submitting(form, (candidate) => {
    onAdd(candidate);
    form.reset(emptyCandidate);
  });
  return (
    <fieldset className={styles.addCandidate}>
      <legend>{text.addCandidate}</legend>
      <div className={styles.addCandidateGrid}>
        <Field label={text.candidateName} required maxLength={100} {...fieldProps(form, "name")} />
        <Field label={text.party} required maxLength={100} {...fieldProps(form, "party")} />
        <div className="field">
          <label htmlFor={positionId}>{text.position}</label>
          <select
            id={positionId}
            required
            aria-invalid={positionError ? true : undefined}
            {...form.register("position")}
          >
            <option value="" disabled>
              {text.selectPosition}
            </option>
            {CANDIDATE_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {POSITION_LABELS[position]}
              </option>
            ))}
          </select>
          {positionError && <span className="hint invalid">{positionError}</span>}
        </div>
        <Field
          label={text.imageUrl}
          type="url"
          required
          maxLength={2000}
          placeholder="https://example.org/photo.jpg"
          hint={text.imageHint}
          {...fieldProps(form, "image")}
        />
      </div>
      <button type="button" className="btn" onClick={(event) => void add(event)}>
        {text.addCandidate}
      </button>
    </fieldset>
  );
}
