import { useState } from "react";
import { CANDIDATE_POSITIONS, type CandidateInput, POSITION_LABELS } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { Field } from "../../ui/Field";

export interface CandidateEntry extends CandidateInput {
  key: number;
}

interface VotingSectionProps {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  onStartDate(value: string): void;
  onEndDate(value: string): void;
  onStartTime(value: string): void;
  onEndTime(value: string): void;
  candidates: CandidateEntry[];
  missingPeriod: boolean;
  missingCandidates: boolean;
  onAddCandidate(): void;
  onRemoveCandidate(key: number): void;
}

/** The Create Channel screen's voting settings (election channels): the period, hours and candidates. */
export function VotingSection({
  startDate,
  endDate,
  startTime,
  endTime,
  onStartDate,
  onEndDate,
  onStartTime,
  onEndTime,
  candidates,
  missingPeriod,
  missingCandidates,
  onAddCandidate,
  onRemoveCandidate,
}: VotingSectionProps) {
  return (
    <section className="card cc-section" aria-labelledby="cc-voting">
      <h2 id="cc-voting">Voting Settings</h2>
      <div className="cc-grid">
        <Field
          label="Start Date"
          name="startDate"
          type="date"
          required
          value={startDate}
          onChange={(e) => onStartDate(e.target.value)}
        />
        <Field
          label="End Date"
          name="endDate"
          type="date"
          required
          min={startDate || undefined}
          value={endDate}
          onChange={(e) => onEndDate(e.target.value)}
        />
        <Field
          label="Start Time"
          name="startTime"
          type="time"
          value={startTime}
          onChange={(e) => onStartTime(e.target.value)}
        />
        <Field
          label="End Time"
          name="endTime"
          type="time"
          value={endTime}
          onChange={(e) => onEndTime(e.target.value)}
        />
      </div>
      {missingPeriod && <p className="cc-requirement">{messages.votingPeriodRequired}</p>}

      <div className="cc-candidates-head">
        <h3>Candidates ({candidates.length})</h3>
        <button type="button" className="btn" onClick={onAddCandidate}>
          + Add Candidate
        </button>
      </div>
      {missingCandidates && <p className="cc-requirement">{messages.candidateRequired}</p>}
      {CANDIDATE_POSITIONS.map((position) => {
        const group = candidates.filter((candidate) => candidate.position === position);
        if (group.length === 0) return null;
        return (
          <div key={position} className="cc-position">
            <h4>{POSITION_LABELS[position]}</h4>
            <ul className="cc-candidate-list">
              {group.map((candidate) => (
                <li key={candidate.key} className="cc-candidate">
                  <CandidatePhoto url={candidate.image} name={candidate.name} />
                  <span className="cc-candidate-text">
                    <strong>{candidate.name}</strong>
                    <span className="muted">{candidate.party}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost cc-remove"
                    aria-label={`Remove ${candidate.name}`}
                    onClick={() => onRemoveCandidate(candidate.key)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function CandidatePhoto({ url, name }: { url: string; name: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className="cc-candidate-photo cc-candidate-initial" aria-hidden="true">
        {name.trim()[0]?.toUpperCase() ?? "?"}
      </span>
    );
  }
  return <img className="cc-candidate-photo" src={url} alt="" onError={() => setBroken(true)} />;
}
