import { useId, useState } from "react";
import type { Election, EligibleVoter } from "../../../../contract/elections";
import { electionsEndpoints } from "../../../../contract/elections-endpoints";
import type { RollKind } from "../../../../contract/invitations";
import { useEndpointQuery } from "../../api/query";
import { Avatar } from "../../ui/Avatar";
import { cx } from "../../ui/cx";
import { FilterField } from "../../ui/FilterField";
import { LoadState } from "../../ui/LoadState";
import type { SortValue } from "../../ui/sort";
import { SortHeader, sortRows, Table, useSort } from "../../ui/Table";
import { loadOf } from "./ElectionsLoad";
import shared from "./elections.module.css";
import { RollDialog } from "./RollDialog";
import { text } from "./text";
import styles from "./VotersTab.module.css";

type SortKey = "name" | "voted";

/** The table's column names (here, not in text.ts, which the ballot page's first load carries). */
const COLUMNS = { name: "Voter", voted: "Status" } as const;

/** Sorted by Status, a first press puts those who have not voted yet first. */
const SORT_VALUES: Record<SortKey, (voter: EligibleVoter) => SortValue> = {
  name: (voter) => voter.full_name,
  voted: (voter) => voter.voted,
};

/**
 * The eligible voters with "voted" or "not yet" (never a choice), by name or by who has voted
 * (the table's headers sort it, ui/Sort.tsx). Refreshed with the election
 * (useElections.ts: on every seal and status change, and after the viewer's own vote, which they
 * alone see at once); a failed refresh keeps the last list.
 */
export function VotersTab({ election }: { election: Election }) {
  const query = useEndpointQuery(electionsEndpoints.voters, { params: { id: election.id } });
  const [filter, setFilter] = useState("");
  const [choosing, setChoosing] = useState(false);
  const filterId = useId();
  // Voting is over: someone who has not voted did not (no "yet"), and the list changes no more.
  const over = election.status === "completed" || election.status === "cancelled";
  // The server lists them by name.
  const { sort, toggle } = useSort<SortKey>({ key: "name", direction: "ascending" });
  return (
    <>
      <LoadState {...loadOf(query)}>{({ voters, roll }) => voterList(voters, roll)}</LoadState>
      {choosing && <RollDialog election={election} onClose={() => setChoosing(false)} />}
    </>
  );

  function voterList(voters: EligibleVoter[], roll: RollKind) {
    // The count the seals disclosed, as turnout says it: the viewer's own row shows "Voted" at once,
    // and adding it here made the tab disagree with the Overview's "0 of 48 voted".
    const votedCount = election.votes_cast;
    const needle = filter.trim().toLowerCase();
    const shown = needle ? voters.filter((v) => v.full_name.toLowerCase().includes(needle)) : voters;

    return (
      <section className={shared.card} aria-labelledby={`${filterId}-title`}>
        <header className={styles.votersHead}>
          <div>
            <h2 id={`${filterId}-title`}>{text.votersTitle}</h2>
            <p className={styles.roll}>
              {roll === "chosen" ? text.rollChosen(voters.length) : text.rollEvery}
            </p>
            <p className={cx("muted", shared.small)} aria-live="polite">
              {text.votersCount(voters.length, votedCount)}
            </p>
          </div>
          {election.viewer.can_manage && election.status === "upcoming" && (
            <button type="button" className="btn" onClick={() => setChoosing(true)}>
              {text.rollChoose}
            </button>
          )}
          {voters.length > 8 && (
            <FilterField
              label={text.filterVoters}
              value={filter}
              onChange={setFilter}
              className={styles.votersFilter}
            />
          )}
        </header>
        <p className={cx("muted", shared.small)}>
          {election.status !== "upcoming"
            ? text.rollNoteFixed
            : roll === "chosen"
              ? text.rollNoteChosen
              : text.rollNoteUpcoming}{" "}
          {text.secrecyNote}
          {!over && ` ${text.secrecyNoteOpen}`}
        </p>
        {voters.length === 0 ? (
          <p className="muted">{text.noVoters}</p>
        ) : shown.length === 0 ? (
          <p className="muted">{text.noMatch}</p>
        ) : (
          <Table compact labelledBy={`${filterId}-title`}>
            <thead>
              <tr>
                <SortHeader column="name" label={COLUMNS.name} sort={sort} onSort={toggle} />
                <SortHeader column="voted" label={COLUMNS.voted} sort={sort} onSort={toggle} />
              </tr>
            </thead>
            <tbody>
              {sortRows(shown, sort, SORT_VALUES).map((voter) => (
                <tr key={voter.user_id} className={styles.voter}>
                  <th scope="row">
                    <span className={styles.who}>
                      <Avatar name={voter.full_name} size={32} />
                      <span className={styles.voterName}>{voter.full_name}</span>
                    </span>
                  </th>
                  <td>
                    <span
                      className={
                        voter.voted ? cx(shared.pill, styles.pillGreen) : cx(shared.pill, styles.pillGrey)
                      }
                    >
                      {voter.voted ? text.voted : over ? text.didNotVote : text.notYet}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    );
  }
}
