import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Election, EligibleVoter } from "../../../../contract/elections";
import { Avatar } from "../../ui/Avatar";
import { messageOf } from "../../ui/messageOf";
import { electionsApi } from "./api";
import { LoadError, Loading } from "./parts";
import { text } from "./text";

/**
 * The eligible voters with "voted" or "not yet" (never a choice). It reloads whenever the election
 * it is given changes (the page refetches it on every seal and status change, and after the
 * viewer's own vote, which they alone see at once).
 */
export function VotersTab({ election }: { election: Election }) {
  const [voters, setVoters] = useState<EligibleVoter[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const result = await electionsApi.voters(election.id);
      if (mine !== generation.current) return;
      setVoters(result.voters);
      setError(null);
    } catch (failure) {
      if (mine === generation.current) setError(messageOf(failure));
    }
  }, [election.id]);

  // The election object is replaced on every live update: its counts, status and the viewer's own
  // votes say when to reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed values are the reload triggers
  useEffect(() => {
    void load();
  }, [
    load,
    election.votes_cast,
    election.status,
    election.total_voters,
    election.viewer.voted_position_ids.length,
  ]);

  if (error && !voters) {
    return (
      <LoadError
        message={error}
        onRetry={() => {
          setError(null);
          void load();
        }}
      />
    );
  }
  if (!voters) return <Loading />;

  const votedCount = voters.filter((v) => v.voted).length;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? voters.filter((v) => v.full_name.toLowerCase().includes(needle)) : voters;

  return (
    <section className="el-card el-voters" aria-labelledby={`${filterId}-title`}>
      <header className="el-voters-head">
        <div>
          <h3 id={`${filterId}-title`}>{text.votersTitle}</h3>
          <p className="muted el-small" aria-live="polite">
            {text.votersCount(voters.length, votedCount)}
          </p>
        </div>
        {voters.length > 8 && (
          <div className="field el-voters-filter">
            <label htmlFor={filterId} className="visually-hidden">
              {text.filterVoters}
            </label>
            <input
              id={filterId}
              type="search"
              placeholder={text.filterVoters}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
        )}
      </header>
      <p className="muted el-small">
        {election.status === "upcoming" ? text.rollNoteUpcoming : text.rollNoteFixed} {text.secrecyNote}
      </p>
      {voters.length === 0 ? (
        <p className="muted">{text.noVoters}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{text.noMatch}</p>
      ) : (
        <ul className="el-voter-list">
          {shown.map((voter) => (
            <li key={voter.user_id} className="el-voter">
              <Avatar name={voter.full_name} size={32} />
              <span className="el-voter-name">{voter.full_name}</span>
              <span className={voter.voted ? "el-pill el-pill-green" : "el-pill el-pill-grey"}>
                {voter.voted ? text.voted : text.notYet}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
