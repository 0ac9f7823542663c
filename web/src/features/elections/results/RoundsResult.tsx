import { lazy, Suspense } from "react";
import type { QuestionResult } from "../../../../../contract/ballots/result";
import type { PositionView } from "../../../../../contract/elections";
import { cx } from "../../../ui/cx";
import { Table } from "../../../ui/Table";
import shared from "../elections.module.css";
import { irvRoundTable, stvQuotaText, stvRoundTable } from "./present";
import type { ResultDetail } from "./QuestionResult";
import styles from "./QuestionResult.module.css";

// chart.js loads only when a round chart is drawn.
const RoundsChart = lazy(() => import("../charts").then((m) => ({ default: m.RoundsChart })));

/** Instant runoff and STV: the quota (STV), a row per round or stage, and the votes as a chart. */
export function RoundsResult({
  position,
  count,
  detail,
}: {
  position: PositionView;
  count: Extract<QuestionResult, { method: "irv" | "stv" }>;
  detail: ResultDetail;
}) {
  const table =
    count.method === "irv" ? irvRoundTable(count.result, position) : stvRoundTable(count.result, position);
  const quota = count.method === "stv" ? count.result.quota : undefined;
  const unit = table.step === "round" ? "Round" : "Stage";
  return (
    <>
      {count.method === "stv" && <p className={shared.small}>{stvQuotaText(count.result)}</p>}
      {/* Decided at its first round or stage, a chart of one point per line shows nothing the table does not. */}
      {table.rows.length > 1 && (
        <Suspense fallback={null}>
          <RoundsChart position={position} table={table} quota={quota} />
        </Suspense>
      )}
      {detail === "full" && (
        <p className={cx("muted", shared.small)}>
          {count.method === "irv"
            ? "Round by round: each continuing candidate's ballots, and what happened."
            : "Stage by stage: each candidate's votes at the end of the stage (the change in brackets), and what happened."}{" "}
          {table.setAsideNote}
        </p>
      )}
      {detail === "full" && (
        <Table
          compact
          stickyFirst
          label={`${count.method === "irv" ? "Rounds" : "Stages"}, ${position.title}`}
        >
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              <th scope="col">What happened</th>
              {table.columns.map((column) => (
                <th key={column.id} scope="col" className={shared.num}>
                  {column.name}
                </th>
              ))}
              <th scope="col" className={shared.num}>
                {table.setAsideLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className={styles.nowrap}>
                  {row.label}
                </th>
                <td className={styles.events}>{row.events}</td>
                {row.cells.map((cell, index) => {
                  const column = table.columns[index];
                  const elected = column !== undefined && row.elected.includes(column.id);
                  return (
                    <td
                      key={column?.id ?? index}
                      className={cx(shared.num, styles.nowrap, elected && styles.electedCell)}
                    >
                      {cell === "" ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">not counted</span>
                        </>
                      ) : (
                        cell
                      )}
                      {elected && <span className="visually-hidden"> (elected)</span>}
                    </td>
                  );
                })}
                <td className={shared.num}>{row.setAside}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
