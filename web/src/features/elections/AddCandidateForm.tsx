import { useId, useState } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type CandidatePosition,
  candidateInputSchema,
  POSITION_LABELS,
} from "../../../../contract/channels";
import { Field } from "../../ui/Field";
import { text } from "./text";

const emptyCandidate = { name: "", party: "", position: "" as CandidatePosition | "", image: "" };

/** The ballot editor's form for one more candidate. */
export function AddCandidate({ onAdd }: { onAdd(candidate: CandidateInput): void }) {
  const [form, setForm] = useState(emptyCandidate);
  const [tried, setTried] = useState(false);
  const positionId = useId();
  const parsed = candidateInputSchema.safeParse(form);
  const issue = (key: keyof typeof emptyCandidate) =>
    !parsed.success && tried ? parsed.error.issues.find((i) => i.path[0] === key)?.message : undefined;
  const set = (key: keyof typeof emptyCandidate) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <fieldset className="el-add-candidate">
      <legend>{text.addCandidate}</legend>
      <div className="el-add-candidate-grid">
        <Field
          label={text.candidateName}
          required
          maxLength={100}
          value={form.name}
          invalid={!!issue("name")}
          hint={issue("name")}
          onChange={(e) => set("name")(e.target.value)}
        />
        <Field
          label={text.party}
          required
          maxLength={100}
          value={form.party}
          invalid={!!issue("party")}
          hint={issue("party")}
          onChange={(e) => set("party")(e.target.value)}
        />
        <div className="field">
          <label htmlFor={positionId}>{text.position}</label>
          <select
            id={positionId}
            required
            value={form.position}
            aria-invalid={!!issue("position") || undefined}
            onChange={(e) => set("position")(e.target.value)}
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
          {issue("position") && <span className="hint invalid">{issue("position")}</span>}
        </div>
        <Field
          label={text.imageUrl}
          type="url"
          required
          maxLength={2000}
          placeholder="https://example.org/photo.jpg"
          value={form.image}
          invalid={!!issue("image")}
          hint={issue("image") ?? text.imageHint}
          onChange={(e) => set("image")(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setTried(true);
          if (!parsed.success) return;
          onAdd(parsed.data);
          setForm(emptyCandidate);
          setTried(false);
        }}
      >
        {text.addCandidate}
      </button>
    </fieldset>
  );
}
