import { useId, useState } from "react";
import { type Election, electionsEndpoints } from "../../../../contract/elections";
import { useEndpointQuery } from "../../api/query";
import { Avatar } from "../../ui/Avatar";
import { LoadError, Loading } from "./parts";
import { text } from "./text";

/**
 * The eligible voters with "voted" or "not yet" (never a choice). Refreshed with the election
 * (useElections.ts: on every seal and status change, and after the viewer's own vote, which they
 * alone see at once); a failed refresh keeps the last list.
 */
export function VotersTab({ election }: { election: Election }) {
  const query = useEndpointQuery(electionsEndpoints.voters, { params: { id: election.id } });
  const [filter, setFilter] = useState("");
  const filterId = useId();

  if (!query.data) {
    return query.isError && !query.isFetching ? (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    ) : (
      <Loading />
    );
  }
  const { voters } = query.data;

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
