import type { MjResult } from "../../../../../contract/ballots/result";
import type { PositionView } from "../../../../../contract/elections";
import { cx } from "../../../ui/cx";
import { Table } from "../../../ui/Table";
import shared from "../elections.module.css";
import { mjRows, mjTieText, namesOf } from "./present";
import type { ResultDetail } from "./QuestionResult";
import styles from "./QuestionResult.module.css";

/** From the best grade to the worst: a scale of tokens, spread over however many grades there are. */
const GRADE_SCALE = [
  "--green-700",
  "--green-500",
  "--green-200",
  "--yellow-200",
  "--orange-200",
  "--orange-500",
  "--red-700",
];

export function gradeColour(index: number, count: number): string {
  const step = count <= 1 ? 0 : Math.round((index * (GRADE_SCALE.length - 1)) / (count - 1));
  return `var(${GRADE_SCALE[step]})`;
}

/** Majority judgment: each candidate's grades as a stacked bar with the median marked, and a table. */
export function JudgmentResult({
  position,
  result,
  detail,
}: {
  position: PositionView;
  result: MjResult;
  detail: ResultDetail;
}) {
  const names = namesOf(position);
  const rows = mjRows(result, names);
  const ordered = result.tieBreaks.filter((tie) => tie.by === "majority_value");
  return (
    <>
      <ul className={styles.grades} aria-label={`Grades, ${position.title}`}>
        {rows.map((row) => (
          <li key={row.id}>
            <div className={styles.totalsLine}>
              <span className={styles.totalsName}>
                {row.place}. {row.name}
              </span>
              <span className={styles.totalsFigure}>Majority grade: {row.majorityGrade}</span>
            </div>
            <div className={styles.gradeBar} aria-hidden="true">
              {row.shares.map((share, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the grades are fixed, in order
                  key={index}
                  className={styles.segment}
                  style={{ width: `${share}%`, background: gradeColour(index, result.grades.length) }}
                />
              ))}
              <span className={styles.median} />
            </div>
          </li>
        ))}
      </ul>
      <p className={cx("muted", shared.small, styles.legend)} aria-hidden="true">
        {result.grades.map((grade, index) => (
          <span key={grade}>
            <span
              className={styles.swatch}
              style={{ background: gradeColour(index, result.grades.length) }}
            />{" "}
            {grade}
          </span>
        ))}
        <span>
          <span className={styles.thresholdSwatch} /> Median
        </span>
      </p>
      {detail === "full" && (
        <>
          {ordered.map((tie) => (
            <p key={`${tie.above}-${tie.below}`} className={shared.small}>
              {mjTieText(tie, names, result.grades)}.
            </p>
          ))}
          <p className={cx("muted", shared.small)}>
            Grades given to each candidate, best grade first; candidates in result order.
          </p>
          <Table compact stickyFirst label={`Grades table, ${position.title}`}>
            <thead>
              <tr>
                <th scope="col">Candidate</th>
                {result.grades.map((grade) => (
                  <th key={grade} scope="col" className={shared.num}>
                    {grade}
                  </th>
                ))}
                <th scope="col">Majority grade</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.place}. {row.name}
                  </th>
                  {row.distribution.map((votes, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the grades are fixed, in order
                    <td key={index} className={shared.num}>
                      {votes}
                    </td>
                  ))}
                  <td>{row.majorityGrade}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}
