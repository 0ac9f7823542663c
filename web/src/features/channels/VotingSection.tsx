import { CANDIDATE_POSITIONS, type CandidateInput, POSITION_LABELS } from "../../../../contract/channels";
import { messages } from "../../../../contract/messages";
import { cx } from "../../ui/cx";
import { Field } from "../../ui/Field";
import { type ContractForm, fieldProps } from "../../ui/form/useContractForm";
import { Status } from "../../ui/Status";
import { CandidateAvatar } from "../elections/CandidateAvatar";
import { QuestionList } from "../elections/QuestionList";
import { QuorumField } from "../elections/QuorumField";
import { firstMessage, quorumValue } from "../elections/questions";
import { text as electionText } from "../elections/text";
import styles from "./CreateChannelPage.module.css";
import type { createChannelForm } from "./createChannelForm";

interface VotingSectionProps {
  form: ContractForm<typeof createChannelForm>;
  /** Where a candidate's uploaded photo is stored. */
  organizationId: string;
  /** The candidates added so far, each with its list key. */
  candidates: Array<CandidateInput & { id: string }>;
  missingPeriod: boolean;
  /** The start chosen is already past in the organization's time zone. */
  startPast: boolean;
  /** The organization's time zone, which the dates and times are in. */
  timeZone: string;
  missingCandidates: boolean;
  onAddCandidate(): void;
  onRemoveCandidate(index: number): void;
}

/**
 * The Create Channel screen's voting settings (election channels): the period, hours, candidates,
 * the other questions and the quorum.
 */
export function VotingSection({
  form,
  organizationId,
  candidates,
  missingPeriod,
  startPast,
  timeZone,
  missingCandidates,
  onAddCandidate,
  onRemoveCandidate,
}: VotingSectionProps) {
  const startDate = form.watch("voting_settings.startDate");
  const questions = form.watch("voting_settings.questions");
  const { errors, isSubmitted } = form.formState;
  return (
    <section className={cx("card", styles.section)} aria-labelledby="cc-voting">
      <h2 id="cc-voting">Voting Settings</h2>
      <div className={styles.grid}>
        <Field label="Start Date" type="date" required {...fieldProps(form, "voting_settings.startDate")} />
        <Field
          label="End Date"
          type="date"
          required
          min={startDate || undefined}
          {...fieldProps(form, "voting_settings.endDate")}
        />
        <Field label="Start Time" type="time" {...fieldProps(form, "voting_settings.startTime")} />
        <Field label="End Time" type="time" {...fieldProps(form, "voting_settings.endTime")} />
      </div>
      {/* The organization's clock, not the browser's: a start "in the past" is past there. */}
      <p className={cx("muted", styles.zone)}>{electionText.timeZone(timeZone)}</p>
      {missingPeriod && <p className={styles.requirement}>{messages.votingPeriodRequired}</p>}
      {startPast && <Status className={styles.requirement}>{messages.votingStartPast}</Status>}

      <div className={styles.candidatesHead}>
        <h3>Candidates ({candidates.length})</h3>
        <button type="button" className="btn" onClick={onAddCandidate}>
          + Add Candidate
        </button>
      </div>
      {missingCandidates && <p className={styles.requirement}>{messages.candidateRequired}</p>}
      {CANDIDATE_POSITIONS.map((position) => {
        const group = candidates
          .map((candidate, index) => ({ ...candidate, index }))
          .filter((candidate) => candidate.position === position);
        if (group.length === 0) return null;
        return (
          <div key={position} className={styles.position}>
            <h4>{POSITION_LABELS[position]}</h4>
            <ul className={styles.candidateList}>
              {group.map((candidate) => (
                <li key={candidate.id} className={styles.candidate}>
                  <CandidateAvatar name={candidate.name} image={candidate.image} size={40} />
                  <span className={styles.candidateText}>
                    <strong>{candidate.name}</strong>
                    <span className="muted">{candidate.party}</span>
                  </span>
                  <button
                    type="button"
                    className={cx("btn", "btn-ghost", styles.remove)}
                    aria-label={`Remove ${candidate.name}`}
                    onClick={() => onRemoveCandidate(candidate.index)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <QuestionList
        questions={questions}
        organizationId={organizationId}
        problems={questions.map((_, index) => firstMessage(errors.voting_settings?.questions?.[index]))}
        onChange={(next) =>
          form.setValue("voting_settings.questions", next, { shouldDirty: true, shouldValidate: isSubmitted })
        }
      />
      <QuorumField {...fieldProps(form, "voting_settings.quorumPercent", quorumValue)} />
    </section>
  );
}
