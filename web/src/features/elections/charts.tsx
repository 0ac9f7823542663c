import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Title,
  Tooltip,
} from "chart.js";
import { Bar, Doughnut, Pie } from "react-chartjs-2";
import type { PositionView } from "../../../../contract/elections";
import styles from "./charts.module.css";
import shared from "./elections.module.css";
import { candidateColour, share } from "./format";
import { text } from "./text";

// Only what these charts draw (the controllers come with react-chartjs-2's typed charts).
ChartJS.register(BarElement, ArcElement, CategoryScale, LinearScale, Title, Tooltip, Legend);

function series(position: PositionView) {
  const total = position.candidates.reduce((sum, c) => sum + (c.vote_count ?? 0), 0);
  return {
    total,
    labels: position.candidates.map((c) => c.name),
    votes: position.candidates.map((c) => c.vote_count ?? 0),
    colours: position.candidates.map((c) => candidateColour(position, c.id)),
    describe: position.candidates
      .map((c) => `${c.name}: ${text.votes(c.vote_count ?? 0)} (${share(c.vote_count ?? 0, total)}%)`)
      .join("; "),
  };
}

const titleFont = { size: 14, weight: 600 } as const;

const tooltipLabel = (total: number) => (item: { raw: unknown; label: string }) => {
  const votes = Number(item.raw);
  return ` ${text.votes(votes)} (${share(votes, total)}%)`;
};

/** Bar chart of a position's votes per candidate, titled 'Election Results'. */
export function ResultsBarChart({
  position,
  title = text.chartBar,
}: {
  position: PositionView;
  title?: string;
}) {
  const data = series(position);
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
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
  title = text.chartDoughnut,
}: {
  position: PositionView;
  kind?: "doughnut" | "pie";
  title?: string;
}) {
  const data = series(position);
  const options: ChartOptions<"doughnut"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
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
