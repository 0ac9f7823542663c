import { type FormEvent, useId, useState } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type CandidatePosition,
  candidateInputSchema,
  POSITION_LABELS,
} from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { Field } from "../../ui/Field";
import { Modal } from "../../ui/Modal";

const empty = { name: "", party: "", position: "" as CandidatePosition | "", image: "" };

/** The Add Candidate dialog: name, party, position and image URL are all required. */
export function CandidateModal({
  onAdd,
  onClose,
}: {
  onAdd(candidate: CandidateInput): void;
  onClose(): void;
}) {
  const [form, setForm] = useState(empty);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const positionId = useId();
  const formId = useId();
  const parsed = candidateInputSchema.safeParse(form);
  const imageIssue = parsed.success
    ? null
    : parsed.error.issues.find((issue) => issue.path[0] === "image" && form.image.trim() !== "");
  const set = (key: keyof typeof empty) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    onAdd(parsed.data);
  }

  const image = form.image.trim();
  const showPreview = image !== "" && !imageIssue;
  return (
    <Modal
      title="Add Candidate"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={!parsed.success}>
            Add
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="cc-candidate-form">
        <Field
          label="Candidate Name"
          name="candidate-name"
          required
          maxLength={100}
          value={form.name}
          onChange={(e) => set("name")(e.target.value)}
        />
        <Field
          label="Political Party"
          name="party"
          required
          maxLength={100}
          value={form.party}
          onChange={(e) => set("party")(e.target.value)}
        />
        <div className="field">
          <label htmlFor={positionId}>Position</label>
          <select
            id={positionId}
            name="position"
            required
            value={form.position}
            onChange={(e) => set("position")(e.target.value)}
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
          name="image"
          type="url"
          required
          placeholder="https://example.org/photo.jpg"
          maxLength={2000}
          value={form.image}
          invalid={!!imageIssue}
          hint={imageIssue ? imageIssue.message : messages.candidateImageHint}
          onChange={(e) => set("image")(e.target.value)}
        />
        {showPreview && (
          <div className="cc-candidate-preview">
            {brokenImage === image ? (
              <span className="cc-candidate-preview-missing">No preview: the image could not be shown.</span>
            ) : (
              <img src={image} alt="Candidate preview" onError={() => setBrokenImage(image)} />
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
