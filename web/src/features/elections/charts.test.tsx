import { render, screen } from "@testing-library/react";
import type { ChartData, Plugin } from "chart.js";
import type { ComponentProps } from "react";
import type { Line } from "react-chartjs-2";
import { describe, expect, it, vi } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import { ResultsBarChart, RoundsChart } from "./charts";
import type { RoundTable } from "./results/present";

// The line chart's props as chart.js would get them (the bar chart is drawn as it is).
const drawn = vi.hoisted(() => ({ props: null as ComponentProps<typeof Line> | null }));
vi.mock("react-chartjs-2", async (actual) => ({
  ...(await actual<typeof import("react-chartjs-2")>()),
  Line: (props: ComponentProps<typeof Line>) => {
    drawn.props = props;
    return null;
  },
}));

const position = {
  id: "p1",
  title: "Treasurer",
  candidates: [
    { id: "c1", name: "Tomas Silva", party: null, image_url: null, vote_count: 1 },
    { id: "c2", name: "Ifeoma Eze", party: null, image_url: null, vote_count: 2 },
  ],
} as unknown as PositionView;

describe("ResultsBarChart", () => {
  it("draws the candidates by votes, most first, as the table beside it lists them", () => {
    // jsdom draws no canvas: Chart.js says so and draws nothing, the description stays.
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<ResultsBarChart position={position} />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toMatch(
      /^Election Results, Treasurer: Ifeoma Eze: 2 votes .*; Tomas Silva: 1 vote/,
    );
  });
});

describe("RoundsChart", () => {
  const table = {
    step: "stage",
    columns: [
      { id: "c1", name: "Tomas Silva" },
      { id: "c2", name: "Ifeoma Eze" },
    ],
    rows: [
      { label: "Stage 1", values: [12, 5], cells: [] },
      { label: "Stage 2", values: [11, 6], cells: [] },
    ],
  } as unknown as RoundTable;

  it("draws the quota over the candidates' lines (one kept at the quota hid it), and labels it", () => {
    render(<RoundsChart position={position} table={table} quota={11} />);
    const data = drawn.props?.data as ChartData<"line">;
    const [tomas, ifeoma, quota] = data.datasets;
    expect(quota).toMatchObject({ label: "Quota", data: [11, 11], borderDash: [6, 4] });
    // chart.js draws the lowest order last, on top; the candidates keep the default, 0.
    expect(quota?.order).toBeLessThan(tomas?.order ?? 0);
    expect(quota?.order).toBeLessThan(ifeoma?.order ?? 0);
    // The legend keeps the datasets' order, the quota last.
    const sort = drawn.props?.options?.plugins?.legend?.labels?.sort;
    const items = [2, 0, 1].map((datasetIndex) => ({ datasetIndex }) as never);
    expect(items.sort((a, b) => sort?.(a, b, data) ?? 0)).toEqual(
      [0, 1, 2].map((datasetIndex) => ({ datasetIndex })),
    );
    // "Quota 11" is written over everything drawn, just above the line at its right end.
    const [label] = (drawn.props?.plugins ?? []) as Plugin<"line">[];
    const ctx = { save() {}, restore() {}, strokeText: vi.fn(), fillText: vi.fn() };
    const chart = {
      ctx,
      chartArea: { right: 400 },
      scales: { y: { getPixelForValue: (value: number) => 300 - value * 10 } },
    };
    label?.afterDatasetsDraw?.(chart as never, {}, {}, false);
    expect(ctx.fillText).toHaveBeenCalledWith("Quota 11", 396, 186);
    expect(ctx.strokeText).toHaveBeenCalledWith("Quota 11", 396, 186);
  });

  it("has no quota line for instant runoff", () => {
    render(<RoundsChart position={position} table={{ ...table, step: "round" }} />);
    const data = drawn.props?.data as ChartData<"line">;
    expect(data.datasets.map((d) => d.label)).toEqual(["Tomas Silva", "Ifeoma Eze"]);
    expect(drawn.props?.plugins).toEqual([]);
  });
});
