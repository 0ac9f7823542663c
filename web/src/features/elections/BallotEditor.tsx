import { type FormEvent, useState } from "react";
import {
  CANDIDATE_POSITIONS,
  type CandidateInput,
  type CandidatePosition,
  POSITION_LABELS,
  votingSettingsSchema,
} from "../../../../contract/channels";
import { type Election, electionsEndpoints } from "../../../../contract/elections";
import { call } from "../../api/client";
import { Field } from "../../ui/Field";
import { TrashIcon } from "../../ui/icons";
import { messageOf } from "../../ui/messageOf";
import { useToast } from "../../ui/Toast";
import { AddCandidate } from "./AddCandidateForm";
import { CandidateAvatar, partyOf } from "./parts";
import { text } from "./text";

/** Draft candidates carry a key of their own, so removing one never confuses the list. */
type DraftCandidate = CandidateInput & { key: number };
let nextKey = 1;
const withKey = (candidate: CandidateInput): DraftCandidate => ({ ...candidate, key: nextKey++ });
const withoutKey = ({ key: _key, ...candidate }: DraftCandidate): CandidateInput => candidate;

const positionOfTitle = (title: string): CandidatePosition | undefined =>
  CANDIDATE_POSITIONS.find((p) => POSITION_LABELS[p] === title);

/** The election's ballot as the channel's voting settings describe it (what PUT definition takes). */
export function definitionOf(election: Election) {
  const candidates: CandidateInput[] = election.positions.flatMap((position) => {
    const office = positionOfTitle(position.title);
    if (!office) return [];
    return position.candidates.map((c) => ({
      name: c.name,
      party: c.party,
      position: office,
      image: c.image_url,
    }));
  });
  return {
    startDate: election.start_date,
    endDate: election.end_date,
    startTime: election.start_time,
    endTime: election.end_time,
    candidates,
  };
}

/** The ballot before voting opens: the period, hours and candidates, saved as one definition. */
export function BallotEditor({
  election,
  onUpdated,
}: {
  election: Election;
  onUpdated(next: Election): void;
}) {
  const toast = useToast();
  const [initial] = useState(() => {
    const definition = definitionOf(election);
    return { ...definition, candidates: definition.candidates.map(withKey) };
  });
  const [draft, setDraft] = useState(initial);
  const settings = { ...draft, candidates: draft.candidates.map(withoutKey) };
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const checked = votingSettingsSchema.safeParse(settings);
  const problem =
    draft.candidates.length === 0
      ? text.needsCandidate
      : checked.success
        ? null
        : (checked.error.issues[0]?.message ?? null);
  const set = (key: "startDate" | "endDate" | "startTime" | "endTime") => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || !checked.success) return;
    setSaving(true);
    setError(null);
    try {
      const next = await call(electionsEndpoints.setDefinition, {
        params: { id: election.id },
        body: { voting_settings: checked.data },
      });
      onUpdated(next);
      toast(text.saved);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="el-editor" onSubmit={save} noValidate>
      <p className="muted el-small">{text.ballotEditorNote}</p>
      <div className="el-editor-window">
        <Field
          label={text.startDate}
          type="date"
          value={draft.startDate}
          onChange={(e) => set("startDate")(e.target.value)}
        />
        <Field
          label={text.endDate}
          type="date"
          value={draft.endDate}
          onChange={(e) => set("endDate")(e.target.value)}
        />
        <Field
          label={text.startTime}
          type="time"
          value={draft.startTime}
          onChange={(e) => set("startTime")(e.target.value)}
        />
        <Field
          label={text.endTime}
          type="time"
          value={draft.endTime}
          onChange={(e) => set("endTime")(e.target.value)}
        />
      </div>
      <h4>{text.candidates}</h4>
      {draft.candidates.length === 0 ? (
        <p className="muted el-small">{text.noCandidates}</p>
      ) : (
        <ul className="el-editor-candidates">
          {draft.candidates.map((candidate) => (
            <li key={candidate.key} className="el-editor-candidate">
              <CandidateAvatar name={candidate.name} image={candidate.image} size={32} />
              <span className="el-editor-candidate-text">
                <strong>{candidate.name}</strong>
                <span className="muted el-small">
                  {POSITION_LABELS[candidate.position]} · {partyOf(candidate.party)}
                </span>
              </span>
              <button
                type="button"
                className="el-icon-button"
                aria-label={text.removeCandidate(candidate.name)}
                title={text.removeCandidate(candidate.name)}
                onClick={() =>
                  setDraft((d) => ({ ...d, candidates: d.candidates.filter((c) => c.key !== candidate.key) }))
                }
              >
                <TrashIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddCandidate
        onAdd={(candidate) => setDraft((d) => ({ ...d, candidates: [...d.candidates, withKey(candidate)] }))}
      />
      {dirty && problem && <p className="el-field-error">{problem}</p>}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="el-editor-actions">
        {dirty && (
          <button type="button" className="btn btn-ghost" onClick={() => setDraft(initial)} disabled={saving}>
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
