import type { SchulzeResult } from "../../../../../contract/ballots/result";
import type { PositionView } from "../../../../../contract/elections";
import { cx } from "../../../ui/cx";
import { Table } from "../../../ui/Table";
import shared from "../elections.module.css";
import { type MatrixRow, namesOf, pairwiseRows, schulzeOrderText } from "./present";
import type { ResultDetail } from "./QuestionResult";
import styles from "./QuestionResult.module.css";

function Matrix({ rows, caption, label }: { rows: MatrixRow[]; caption: string; label: string }) {
  return (
    <>
      <p className={cx("muted", shared.small)}>{caption}</p>
      <Table compact stickyFirst label={label}>
        <thead>
          <tr>
            <td />
            {rows.map((row) => (
              <th key={row.id} scope="col" className={shared.num}>
                {row.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell) => (
                <td key={cell.id} className={cx(shared.num, cell.wins && styles.winsCell)}>
                  {cell.votes === null ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">same candidate</span>
                    </>
                  ) : (
                    cell.votes
                  )}
                  {cell.wins && <span className="visually-hidden"> (wins)</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** Condorcet (Schulze): the order, the pairwise matrix, and the strongest paths on request. */
export function MatrixResult({
  position,
  result,
  detail,
}: {
  position: PositionView;
  result: SchulzeResult;
  detail: ResultDetail;
}) {
  const names = namesOf(position);
  return (
    <>
      <p className={shared.small}>Order: {schulzeOrderText(result, names)}.</p>
      {detail === "full" && (
        <>
          <Matrix
            rows={pairwiseRows(result, names, "pairwise")}
            label={`Pairwise, ${position.title}`}
            caption="Pairwise: ballots ranking the row's candidate above the column's; marked where the row wins the pair."
          />
          <details className={styles.more}>
            <summary>Strongest paths</summary>
            <Matrix
              rows={pairwiseRows(result, names, "strongest")}
              label={`Strongest paths, ${position.title}`}
              caption="Strongest path from the row's candidate to the column's; marked where it is stronger than the way back."
            />
          </details>
        </>
      )}
    </>
  );
}
