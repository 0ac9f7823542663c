import { useId, useState } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type CandidatePosition,
  POSITION_LABELS,
} from "../../../../contract/channels";
import { candidateInputSchema } from "../../../../contract/channels-input";
import { messages } from "../../../../contract/messages";
import { Field } from "../../ui/Field";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { Modal } from "../../ui/Modal";
import styles from "./CreateChannelPage.module.css";

/** The position starts unchosen: the select shows "Select a position" until one is picked. */
const empty = { name: "", party: "", position: "" as CandidatePosition, image: "" };

/** The Add Candidate dialog: name, party, position and image URL are all required. */
export function CandidateModal({
  onAdd,
  onClose,
}: {
  onAdd(candidate: CandidateInput): void;
  onClose(): void;
}) {
  // Checked as the fields change: Add is enabled once the candidate is complete.
  const form = useContractForm(candidateInputSchema, { mode: "onChange", defaultValues: empty });
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const positionId = useId();
  const formId = useId();
  const image = form.watch("image").trim();
  const imageError = form.formState.errors.image?.message;
  const showPreview = image !== "" && !imageError;
  const positionError = form.formState.errors.position?.message;

  return (
    <Modal
      title="Add Candidate"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={!form.formState.isValid}>
            Add
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submitting(form, onAdd)} noValidate className={styles.candidateForm}>
        {/* Add stays off until the candidate is complete: say so before it is tried. */}
        <p className="muted">All fields are required.</p>
        <Field label="Candidate Name" required maxLength={100} {...fieldProps(form, "name")} />
        <Field label="Political Party" required maxLength={100} {...fieldProps(form, "party")} />
        <div className="field">
          <label htmlFor={positionId}>Position</label>
          <select
            id={positionId}
            required
            aria-invalid={positionError ? true : undefined}
            {...form.register("position")}
          >
            <option value="" disabled>
              Select a position
            </option>
            {CANDIDATE_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {POSITION_LABELS[position]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Candidate Image URL"
          type="url"
          required
          placeholder="https://example.org/photo.jpg"
          maxLength={2000}
          hint={messages.candidateImageHint}
          {...fieldProps(form, "image")}
        />
        {showPreview && (
          <div className={styles.candidatePreview}>
            {brokenImage === image ? (
              <span className={styles.candidatePreviewMissing}>
                No preview: the image could not be shown.
              </span>
            ) : (
              <img src={image} alt="Candidate preview" onError={() => setBrokenImage(image)} />
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
