import { useId, useMemo, useState } from "react";
import type { QuestionResult } from "../../../../contract/ballots/result";
import type { Bulletin } from "../../../../contract/bulletin";
import { partyOf } from "../../../../contract/elections";
import { cx } from "../../ui/cx";
import { Table } from "../../ui/Table";
import { BoardPager } from "./BoardPager";
import { ballotWords } from "./ballotWords";
import {
  type BoardPosition,
  boardAnswer,
  methodText,
  mineFirst,
  outcomeText,
  pageOf,
  undecidedWhy,
} from "./boardBallots";
import { words } from "./bulletinText";
import shared from "./elections.module.css";
import { shorten } from "./format";
import styles from "./PositionBallots.module.css";

/**
 * One question's sealed ballots on the bulletin board, each with its whole answer (a ranking, the
 * grades…), 50 to a page so thousands of ballots stay quick; the voter's own come first. A
 * plurality question's count lists its candidates with their party as the results screens show it
 * (partyOf: "Independent" for none; the board's JSON keeps the party as stored), and its blank
 * ballots on a line of their own.
 */
export function PositionBallots({
  bulletin,
  position,
  result,
  highlighted,
}: {
  bulletin: Bulletin;
  position: BoardPosition;
  result: QuestionResult | null;
  highlighted: Set<string>;
}) {
  const [page, setPage] = useState(0);
  const titleId = useId();
  const ballots = useMemo(
    () => bulletin.ballots.filter((b) => b.position_id === position.id),
    [bulletin.ballots, position.id],
  );
  const ordered = useMemo(() => mineFirst(ballots, highlighted), [ballots, highlighted]);
  // The answers come with the results (bulletin.ts): not while voting is open, nor for a cancelled
  // election whose results are kept from voters. No count by candidate until then.
  const published = bulletin.results !== null;
  const plurality = position.method.kind === "plurality";
  // Blank ballots (no candidate) were cast too: counted on a line of their own, as the results count them.
  const { counts, blank } = useMemo(() => {
    const tally = new Map<string, number>();
    let none = 0;
    for (const ballot of ballots)
      if (ballot.candidate_id) tally.set(ballot.candidate_id, (tally.get(ballot.candidate_id) ?? 0) + 1);
      else none++;
    return { counts: tally, blank: none };
  }, [ballots]);
  const shown = pageOf(ordered.length, page);
  const undecided = undecidedWhy(bulletin);
  return (
    <section className={shared.card} aria-labelledby={titleId}>
      <h3 id={titleId}>{position.title}</h3>
      <p className={cx("muted", shared.small)}>
        {words.method}: {methodText(position)}
      </p>
      {result && (
        <p
          className={cx(shared.notice, undecided ? shared.noticeWarning : shared.noticeSuccess, shared.small)}
        >
          {words.outcome}: {outcomeText(position, result, undecided)}
        </p>
      )}
      {!published && (
        <p className={cx("muted", shared.small)}>
          {bulletin.election.status === "cancelled" ? words.answersWithheld : words.countsLater}
        </p>
      )}
      {published && ballots.length === 0 && <p className={cx("muted", shared.small)}>{words.noBallots}</p>}
      {published && plurality && (
        <Table compact scroll={false} label={`${words.count}, ${position.title}`}>
          <thead>
            <tr>
              <th scope="col">{words.candidate}</th>
              <th scope="col">{words.party}</th>
              <th scope="col" className={shared.num}>
                {words.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {position.candidates.map((candidate) => (
              <tr key={candidate.id}>
                <th scope="row">{candidate.name}</th>
                <td>{partyOf(candidate.party)}</td>
                <td className={shared.num}>{counts.get(candidate.id) ?? 0}</td>
              </tr>
            ))}
            {blank > 0 && (
              <tr>
                <th scope="row">{ballotWords.blankVote}</th>
                <td />
                <td className={shared.num}>{blank}</td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      {ballots.length > 0 && (
        <>
          <Table compact scroll={false} label={words.receiptHashes(position.title)}>
            <thead>
              <tr>
                <th scope="col">{words.receiptHash}</th>
                <th scope="col">{plurality ? words.choice : words.answer}</th>
              </tr>
            </thead>
            <tbody>
              {ordered.slice(shown.from, shown.to).map((ballot) => {
                const mine = highlighted.has(ballot.receipt_hash);
                return (
                  <tr key={ballot.receipt_hash} className={mine ? shared.rowMine : undefined}>
                    <td className={cx(shared.mono, styles.hash)} title={ballot.receipt_hash}>
                      {shorten(ballot.receipt_hash)}
                      {mine && <span className={cx(shared.pill, shared.pillMine)}>{words.yourBallot}</span>}
                    </td>
                    <td className={styles.answer}>{boardAnswer(position, ballot)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <BoardPager
            label={words.pages(position.title)}
            total={ordered.length}
            page={page}
            onPage={setPage}
            range={words.shownRange}
          />
        </>
      )}
    </section>
  );
}
