import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineElement,
  type Plugin,
  PointElement,
  Title,
  Tooltip,
} from "chart.js";
import { Bar, Doughnut, Line, Pie } from "react-chartjs-2";
import { type PositionView, percentOf } from "../../../../contract/elections";
import { rankCandidates } from "../../../../contract/ranking";
import styles from "./charts.module.css";
import shared from "./elections.module.css";
import { candidateColour } from "./format";
import { type RoundTable, votesFigure } from "./results/present";
import { resultsText } from "./results/resultsText";
import { text } from "./text";

// Only what these charts draw (the controllers come with react-chartjs-2's typed charts).
ChartJS.register(
  BarElement,
  ArcElement,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Title,
  Tooltip,
  Legend,
);

function series(position: PositionView) {
  // In the results' one order (by votes, most first), as the table beside the chart lists them.
  const candidates = rankCandidates(position.candidates).map((ranked) => ranked.candidate);
  const total = candidates.reduce((sum, c) => sum + (c.vote_count ?? 0), 0);
  return {
    total,
    labels: candidates.map((c) => c.name),
    votes: candidates.map((c) => c.vote_count ?? 0),
    colours: candidates.map((c) => candidateColour(position, c.id)),
    describe: candidates
      .map((c) => `${c.name}: ${text.votes(c.vote_count ?? 0)} (${percentOf(c.vote_count ?? 0, total)}%)`)
      .join("; "),
  };
}

const titleFont = { size: 14, weight: 600 } as const;
/** Every chart fills its box (the box sets the height) and is drawn at once. */
const fixedSize = { responsive: true, maintainAspectRatio: false, animation: false } as const;

const tooltipLabel = (total: number) => (item: { raw: unknown; label: string }) => {
  const votes = Number(item.raw);
  return ` ${text.votes(votes)} (${percentOf(votes, total)}%)`;
};

/** Bar chart of a position's votes per candidate, titled 'Election Results'. */
export function ResultsBarChart({
  position,
  title = resultsText.chartBar,
}: {
  position: PositionView;
  title?: string;
}) {
  const data = series(position);
  const options: ChartOptions<"bar"> = {
    ...fixedSize,
    plugins: {
      title: { display: true, text: title, font: titleFont },
      legend: { display: false },
      tooltip: { callbacks: { label: tooltipLabel(data.total) } },
    },
    scales: {
      y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: "Votes" } },
      x: { ticks: { autoSkip: false } },
    },
  };
  return (
    <div className={shared.chart}>
      <Bar
        role="img"
        aria-label={`${title}, ${position.title}: ${data.describe}`}
        options={options}
        data={{
          labels: data.labels,
          datasets: [{ label: "Votes", data: data.votes, backgroundColor: data.colours, borderRadius: 6 }],
        }}
      />
    </div>
  );
}

/** Share of the position's votes per candidate: a doughnut ('Vote Distribution') or a pie. */
export function DistributionChart({
  position,
  kind = "doughnut",
  title = resultsText.chartDoughnut,
}: {
  position: PositionView;
  kind?: "doughnut" | "pie";
  title?: string;
}) {
  const data = series(position);
  const options: ChartOptions<"doughnut"> = {
    ...fixedSize,
    plugins: {
      title: { display: true, text: title, font: titleFont },
      legend: { position: "bottom", labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: tooltipLabel(data.total) } },
    },
  };
  const chartData = {
    labels: data.labels,
    datasets: [{ data: data.votes, backgroundColor: data.colours, borderColor: "#fff", borderWidth: 2 }],
  };
  const label = `${title}, ${position.title}: ${data.describe}`;
  return (
    <div className={shared.chart}>
      {kind === "pie" ? (
        <Pie role="img" aria-label={label} options={options as ChartOptions<"pie">} data={chartData} />
      ) : (
        <Doughnut role="img" aria-label={label} options={options} data={chartData} />
      )}
      {data.total === 0 && (
        <span className={styles.chartEmpty} aria-hidden="true">
          {text.noVotesYet}
        </span>
      )}
    </div>
  );
}

/** A token's colour for the canvas (chart.js draws with colours, not CSS variables). */
function tokenColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "currentColor";
}

/**
 * Writes "Quota 11" over the quota's line, at its right end, with a halo of the page's colour so that
 * it reads across the candidates' lines.
 */
function quotaLabel(quota: number): Plugin<"line"> {
  return {
    id: "quotaLabel",
    afterDatasetsDraw({ ctx, chartArea, scales }) {
      const y = scales.y?.getPixelForValue(quota);
      if (y === undefined) return;
      ctx.save();
      ctx.font = `600 12px ${ChartJS.defaults.font.family}`;
      ctx.textAlign = "right";
      ctx.textBaseline = "bottom";
      ctx.lineWidth = 4;
      ctx.lineJoin = "round";
      ctx.strokeStyle = tokenColour("--surface");
      ctx.fillStyle = tokenColour("--ink");
      const text = `Quota ${votesFigure(quota)}`;
      ctx.strokeText(text, chartArea.right - 4, y - 4);
      ctx.fillText(text, chartArea.right - 4, y - 4);
      ctx.restore();
    },
  };
}

/**
 * Each candidate's votes round by round (instant runoff) or stage by stage (STV), the quota as a
 * dashed line for STV, drawn over the candidates' lines (an elected candidate keeps exactly the
 * quota: drawn under, as chart.js draws its last dataset, the line was hidden) and labelled.
 * The round table beside it says the same in words and figures.
 */
export function RoundsChart({
  position,
  table,
  quota,
}: {
  position: PositionView;
  table: RoundTable;
  quota?: number;
}) {
  const title = `Votes ${table.step} by ${table.step}`;
  const labels = table.rows.map((row) => row.label);
  const datasets = table.columns.map((column, index) => {
    const colour = candidateColour(position, column.id);
    return {
      label: column.name,
      data: table.rows.map((row) => row.values[index] ?? null),
      borderColor: colour,
      backgroundColor: colour,
      spanGaps: false,
    };
  });
  const lines =
    quota === undefined
      ? datasets
      : [
          ...datasets,
          {
            label: "Quota",
            data: labels.map(() => quota),
            borderColor: tokenColour("--ink"),
            backgroundColor: tokenColour("--ink"),
            borderDash: [6, 4],
            pointRadius: 0,
            spanGaps: false,
            // chart.js draws the lowest order last: on top.
            order: -1,
          },
        ];
  // Whole votes (instant runoff; an STV count that moved no fraction) get whole ticks, not 0.1, 0.2…
  const whole = lines.every((line) => line.data.every((value) => value === null || Number.isInteger(value)));
  const options: ChartOptions<"line"> = {
    ...fixedSize,
    plugins: {
      title: { display: true, text: title, font: titleFont },
      // In the datasets' order, the quota last (its drawing order would put it first).
      legend: {
        position: "bottom",
        labels: { boxWidth: 12, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) },
      },
    },
    scales: {
      y: {
        beginAtZero: true,
        ...(whole && { ticks: { precision: 0 } }),
        title: { display: true, text: "Votes" },
      },
    },
  };
  const last = table.rows[table.rows.length - 1];
  const describe = last
    ? table.columns.map((c, i) => `${c.name}: ${last.cells[i]?.votes || "out"}`).join("; ")
    : "";
  return (
    <div className={shared.chart}>
      <Line
        role="img"
        aria-label={`${title}, ${position.title}; at the end: ${describe}${quota === undefined ? "" : `; quota ${quota}`}`}
        options={options}
        data={{ labels, datasets: lines }}
        plugins={quota === undefined ? [] : [quotaLabel(quota)]}
      />
    </div>
  );
}
