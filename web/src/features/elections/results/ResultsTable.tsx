import { type Election, partyOf } from "../../../../../contract/elections";
import { cx } from "../../../ui/cx";
import { Table } from "../../../ui/Table";
import shared from "../elections.module.css";
import { Trophy } from "../Trophy";
import { blankOf, votesInTotal } from "./present";
import styles from "./ResultsTable.module.css";
import { rankPosition } from "./ranking";
import { resultsText } from "./resultsText";

/**
 * A position's candidates by votes, with their party and share; a trophy on the leader; under it
 * the votes in total and the blank ballots, as the Results tab and results.csv count them.
 */
export function ResultsTable({ election, positionIndex }: { election: Election; positionIndex: number }) {
  const position = election.positions[positionIndex];
  if (!position) return null;
  const { ranked, total, leaders, tie } = rankPosition(position, election.status);
  return (
    <>
      <Table label={`${resultsText.resultsTable}, ${position.title}`}>
        <thead>
          <tr>
            <th scope="col">{resultsText.rank}</th>
            <th scope="col">{resultsText.candidate}</th>
            <th scope="col">{resultsText.partyColumn}</th>
            <th scope="col" className={shared.num}>
              {resultsText.votesColumn}
            </th>
            <th scope="col" className={shared.num}>
              {resultsText.percentage}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranked.map((candidate) => (
            <tr key={candidate.id} className={candidate.leading ? styles.rowLeading : undefined}>
              <td>
                {candidate.rank}
                {candidate.leading && <Trophy election={election} tied={leaders.length > 1} />}
              </td>
              <th scope="row">{candidate.name}</th>
              <td>{partyOf(candidate.party)}</td>
              <td className={shared.num}>{candidate.votes}</td>
              <td className={shared.num}>{candidate.share}%</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className={cx("muted", shared.small)}>{votesInTotal(total, blankOf(position))}</p>
      {tie && <p className={cx("muted", shared.small)}>{tie}</p>}
    </>
  );
}
