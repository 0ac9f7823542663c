import { useState } from "react";
import type { Bulletin } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import { Table } from "../../ui/Table";
import { answerWords } from "./ballotWords";
import { words } from "./bulletinText";
import shared from "./elections.module.css";
import { shorten } from "./format";
import styles from "./PositionBallots.module.css";

const SHOWN_BALLOTS = 50;

/**
 * A published ballot's answer in words: the plurality choice's name, or the whole answer (a ranking,
 * a set, grades…) of any other question; null while voting is open (the choices are not published).
 */
export function boardChoice(position: Bulletin["positions"][number], ballot: Bulletin["ballots"][number]) {
  if (ballot.candidate_id !== null)
    return position.candidates.find((c) => c.id === ballot.candidate_id)?.name ?? ballot.candidate_id;
  return ballot.ballot ? answerWords(position, ballot.ballot) : null;
}

/** One position's sealed ballots on the bulletin board, the first 50 until "Show all". */
export function PositionBallots({
  bulletin,
  position,
  highlighted,
}: {
  bulletin: Bulletin;
  position: Bulletin["positions"][number];
  highlighted: Set<string>;
}) {
  const [showAll, setShowAll] = useState(false);
  const ballots = bulletin.ballots.filter((b) => b.position_id === position.id);
  // While voting is open the choices are not published: no count by candidate.
  const published = ballots.every((b) => b.candidate_id !== null || b.ballot !== null);
  // A count by candidate says a plurality question's result; any other question's is its count.
  const plurality = position.method.kind === "plurality";
  const counts = new Map<string, number>();
  for (const ballot of ballots) {
    if (ballot.candidate_id) counts.set(ballot.candidate_id, (counts.get(ballot.candidate_id) ?? 0) + 1);
  }
  // The voter's own ballots come first, so a long list never hides them.
  const ordered = [
    ...ballots.filter((b) => highlighted.has(b.receipt_hash)),
    ...ballots.filter((b) => !highlighted.has(b.receipt_hash)),
  ];
  const shown = showAll ? ordered : ordered.slice(0, SHOWN_BALLOTS);
  return (
    <section className={shared.card} aria-label={position.title}>
      <h3>{position.title}</h3>
      {!published && <p className={cx("muted", shared.small)}>{words.countsLater}</p>}
      {published && plurality && (
        <Table compact scroll={false}>
          <thead>
            <tr>
              <th scope="col">{words.candidate}</th>
              <th scope="col" className={shared.num}>
                {words.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {position.candidates.map((candidate) => (
              <tr key={candidate.id}>
                <th scope="row">{candidate.name}</th>
                <td className={shared.num}>{counts.get(candidate.id) ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {ballots.length === 0 ? (
        <p className={cx("muted", shared.small)}>{words.noBallots}</p>
      ) : (
        <>
          <Table compact scroll={false} className={shared.ballotTable}>
            <thead>
              <tr>
                <th scope="col">{words.receiptHash}</th>
                <th scope="col">{words.choice}</th>
                <th scope="col" className={shared.num}>
                  {words.sequence}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((ballot) => {
                const mine = highlighted.has(ballot.receipt_hash);
                return (
                  <tr key={ballot.receipt_hash} className={mine ? styles.rowMine : undefined}>
                    <td className={shared.mono} title={ballot.receipt_hash}>
                      {shorten(ballot.receipt_hash)}
                      {mine && <span className={cx(shared.pill, styles.pillBrand)}>{words.yourBallot}</span>}
                    </td>
                    <td>{boardChoice(position, ballot) ?? words.choiceLater}</td>
                    <td className={shared.num}>{ballot.seal}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          {!showAll && ballots.length > SHOWN_BALLOTS && (
            <button type="button" className="btn btn-ghost" onClick={() => setShowAll(true)}>
              {words.showAll(ballots.length)}
            </button>
          )}
        </>
      )}
    </section>
  );
}
