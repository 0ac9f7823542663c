import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import { ResultsBarChart } from "./charts";

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
