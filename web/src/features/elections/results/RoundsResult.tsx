import { lazy, Suspense } from "react";
import type { QuestionResult } from "../../../../../contract/ballots/result";
import { EXCLUDED } from "../../../../../contract/ballots/result-rows";
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
  const abbreviated = table.setAsideShort !== table.setAsideLabel;
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
            ? "Round by round: what happened, then each continuing candidate's ballots."
            : "Stage by stage: what happened, then each candidate's votes at the end of the stage (the change under them)."}{" "}
          {table.setAsideNote}
        </p>
      )}
      {/*
       * A stage's words across the table, then its figures under the candidates' names: no column of
       * labels or words beside them, so six candidates fit beside the configuration panel.
       */}
      {detail === "full" && (
        <Table
          className={styles.rounds}
          label={`${count.method === "irv" ? "Rounds" : "Stages"}, ${position.title}`}
        >
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.id} scope="col" className={shared.num}>
                  {column.name}
                </th>
              ))}
              {/* Shortened (STV's), its full name is read and shown on hover. */}
              <th
                scope="col"
                className={shared.num}
                aria-label={abbreviated ? table.setAsideLabel : undefined}
              >
                {abbreviated ? (
                  <abbr title={table.setAsideLabel}>{table.setAsideShort}</abbr>
                ) : (
                  table.setAsideLabel
                )}
              </th>
            </tr>
          </thead>
          {table.rows.map((row) => (
            <tbody key={row.label}>
              <tr>
                <th scope="rowgroup" colSpan={table.columns.length + 1}>
                  <span className={styles.events}>
                    <span className={styles.step}>{row.label}</span> {row.events}
                  </span>
                </th>
              </tr>
              <tr>
                {row.cells.map((cell, index) => {
                  const column = table.columns[index];
                  const elected = column !== undefined && row.elected.includes(column.id);
                  return (
                    <td
                      key={column?.id ?? index}
                      className={cx(shared.num, styles.nowrap, elected && styles.electedCell)}
                    >
                      {cell.votes === "" ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">not counted</span>
                        </>
                      ) : (
                        <span className={cx(cell.votes === EXCLUDED && styles.minor)}>{cell.votes}</span>
                      )}
                      {cell.change && (
                        <span className={styles.minor}>
                          <span className="visually-hidden">, change </span>
                          {cell.change}
                        </span>
                      )}
                      {elected && <span className="visually-hidden"> (elected)</span>}
                    </td>
                  );
                })}
                <td className={cx(shared.num, styles.nowrap)}>{row.setAside}</td>
              </tr>
            </tbody>
          ))}
        </Table>
      )}
    </>
  );
}
