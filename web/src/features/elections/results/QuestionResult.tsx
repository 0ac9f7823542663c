import type { ReferendumResult, TotalsResult } from "../../../../../contract/ballots/result";
import { methodLabel } from "../../../../../contract/ballots/result-rows";
import { undecidedWhy } from "../../../../../contract/count-standing";
import { type Election, type PositionView, percentOf } from "../../../../../contract/elections";
import { Badge } from "../../../ui/Badge";
import { cx } from "../../../ui/cx";
import { Table } from "../../../ui/Table";
import shared from "../elections.module.css";
import { candidateColour } from "../format";
import { Trophy } from "../Trophy";
import { JudgmentResult } from "./JudgmentResult";
import { MatrixResult } from "./MatrixResult";
import { namesOf, quorumVerdict, referendumVerdict, tieTexts, totalsRows, winnersLine } from "./present";
import styles from "./QuestionResult.module.css";
import { RoundsResult } from "./RoundsResult";

/**
 * How much of a count to show: "summary" the winners' line (the results screen's overview),
 * "compact" the winners and one picture of how (the organization overview), "full" everything
 * (the Results tab, the detailed view, the printed report).
 */
export type ResultDetail = "summary" | "compact" | "full";

/** Above a cancelled election's count. */
const CANCELLED_COUNT = "Cancelled: no one is elected. The count shows who was ahead when voting stopped.";

/**
 * What the count above the questions is worth: a cancelled election's elects no one; with a quorum
 * rule, "Valid: turnout 62%, quorum 50%" or "Not valid: …"; otherwise nothing.
 */
export function CountNote({ election }: { election: Election }) {
  const verdict =
    election.status === "cancelled" ? { valid: false, text: CANCELLED_COUNT } : quorumVerdict(election);
  if (!verdict) return null;
  return (
    <p className={cx(styles.quorum, verdict.valid ? styles.quorumValid : styles.quorumInvalid)}>
      {verdict.text}
    </p>
  );
}

/**
 * A question's result for any method but plurality (whose spec screens stay as they are): the
 * winners first, then how they won.
 */
export function QuestionResult({
  election,
  position,
  detail = "full",
}: {
  election: Election;
  position: PositionView;
  detail?: ResultDetail;
}) {
  const count = position.result;
  if (!count) return null;
  const names = namesOf(position);
  const ties = tieTexts(count, names);
  const referendum = count.method === "referendum" ? referendumVerdict(count.result) : null;
  const undecided = undecidedWhy(election);
  const decides = !undecided;
  return (
    <div className={styles.question}>
      <p className={cx("muted", shared.small)}>{methodLabel(position.method)}</p>
      <p className={styles.winners}>
        {referendum ? (
          <Badge tone={decides && referendum.passed ? "green" : "red"}>
            {winnersLine(count, names, undecided)}
          </Badge>
        ) : (
          <>
            {/* Deciding nothing, the line says who is ahead. */}
            {decides && <Trophy election={election} />}
            <strong>{winnersLine(count, names, undecided)}</strong>
          </>
        )}
      </p>
      {ties.map((tie) => (
        <p key={tie} className={shared.small}>
          {tie}.
        </p>
      ))}
      {detail !== "summary" && (
        <>
          {count.method === "referendum" && (
            <ReferendumView title={position.title} result={count.result} detail={detail} />
          )}
          {(count.method === "block" || count.method === "approval" || count.method === "score") && (
            <TotalsBars
              position={position}
              result={count.result}
              unit={TOTALS_UNIT[count.method]}
              decides={decides}
            />
          )}
          {(count.method === "irv" || count.method === "stv") && (
            <RoundsResult position={position} count={count} detail={detail} />
          )}
          {count.method === "schulze" && (
            <MatrixResult position={position} result={count.result} detail={detail} />
          )}
          {count.method === "majority_judgment" && (
            <JudgmentResult position={position} result={count.result} detail={detail} />
          )}
          {count.method !== "referendum" && count.result.blank > 0 && (
            <p className={cx("muted", shared.small)}>
              {count.result.blank} blank {count.result.blank === 1 ? "vote" : "votes"} of {count.result.cast}{" "}
              cast.
            </p>
          )}
        </>
      )}
    </div>
  );
}

const TOTALS_UNIT: Record<"block" | "approval" | "score", [string, string]> = {
  block: ["vote", "votes"],
  approval: ["approval", "approvals"],
  score: ["point", "points"],
};

/** Approval, block and score: totals as bars, highest first, the elected (or, deciding nothing, those ahead) marked. */
function TotalsBars({
  position,
  result,
  unit,
  decides,
}: {
  position: PositionView;
  result: TotalsResult;
  unit: [string, string];
  decides: boolean;
}) {
  const rows = totalsRows(result, namesOf(position));
  return (
    <ol className={styles.totals} aria-label={`Totals, ${position.title}`}>
      {rows.map((row) => (
        <li key={row.id}>
          <div className={styles.totalsLine}>
            <span className={styles.totalsName}>
              {row.elected ? <strong>{row.name}</strong> : row.name}
              {row.elected && (
                <Badge tone={decides ? "green" : "grey"} className={styles.elected}>
                  {decides ? "Elected" : "Ahead"}
                </Badge>
              )}
            </span>
            <span className={styles.totalsFigure}>
              {row.total} {row.total === 1 ? unit[0] : unit[1]}
            </span>
          </div>
          <div className={shared.bar} aria-hidden="true">
            <span
              className={shared.barFill}
              style={{ width: `${row.width}%`, background: candidateColour(position, row.id) }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Yes, No and Abstain with the threshold line on a bar of the base, and "Passed" or "Not passed" in words. */
function ReferendumView({
  title,
  result,
  detail,
}: {
  title: string;
  result: ReferendumResult;
  detail: ResultDetail;
}) {
  const verdict = referendumVerdict(result);
  // Shares are of the base the threshold is a share of: the Yes and No votes, or every eligible
  // voter (whose abstentions and blanks then count as not Yes).
  const ofEligible = result.base === "eligible";
  const rows: Array<[string, number, boolean]> = [
    ["Yes", result.yes, true],
    ["No", result.no, true],
    [ofEligible ? "Abstain" : "Abstain (not counted)", result.abstain, ofEligible],
    ...(result.blank > 0
      ? [
          [ofEligible ? "Blank" : "Blank (not counted)", result.blank, ofEligible] as [
            string,
            number,
            boolean,
          ],
        ]
      : []),
  ];
  const noShare = result.baseCount === 0 ? 0 : (result.no / result.baseCount) * 100;
  const yesShare = result.baseCount === 0 ? 0 : (result.yes / result.baseCount) * 100;
  return (
    <>
      <p>{verdict.detail}</p>
      {verdict.abstentions && <p className={cx("muted", shared.small)}>{verdict.abstentions}</p>}
      <div className={styles.referendumBar} aria-hidden="true">
        <span className={styles.segment} style={{ width: `${yesShare}%`, background: "var(--success)" }} />
        <span className={styles.segment} style={{ width: `${noShare}%`, background: "var(--danger)" }} />
        <span className={styles.threshold} style={{ left: `${verdict.thresholdShare}%` }} />
      </div>
      <p className={cx("muted", shared.small, styles.legend)} aria-hidden="true">
        <span>
          <span className={styles.swatch} style={{ background: "var(--success)" }} /> Yes
        </span>
        <span>
          <span className={styles.swatch} style={{ background: "var(--danger)" }} /> No
        </span>
        <span>
          <span className={styles.thresholdSwatch} /> Needed: {result.yesNeeded} Yes
        </span>
      </p>
      {detail === "full" && (
        <Table compact label={`Answers, ${title}`}>
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col" className={shared.num}>
                Votes
              </th>
              <th scope="col" className={shared.num}>
                {ofEligible ? "Share of eligible voters" : "Share of Yes and No"}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, votes, counted]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className={shared.num}>{votes}</td>
                <td className={shared.num}>{counted ? `${percentOf(votes, result.baseCount)}%` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
