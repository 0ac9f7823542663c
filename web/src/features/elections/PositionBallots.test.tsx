import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Bulletin } from "../../../../contract/bulletin";
import { PositionBallots } from "./PositionBallots";

const position: Bulletin["positions"][number] = {
  id: "p1",
  title: "President",
  method: { kind: "plurality" },
  blank: false,
  candidates: [
    { id: "c1", name: "Ama Serwaa", party: "Progress Party" },
    { id: "c2", name: "Kojo Mensah", party: "" },
  ],
};

const bulletin = {
  election: { id: "e1", title: "Council", status: "completed", organization_name: "Union" },
  positions: [position],
  ballots: [
    { position_id: "p1", receipt_hash: "a".repeat(64), candidate_id: "c1", ballot: null },
    { position_id: "p1", receipt_hash: "b".repeat(64), candidate_id: "c2", ballot: null },
  ],
  results: [],
} as unknown as Bulletin;

describe("a plurality question on the bulletin board", () => {
  it("lists each candidate's party as the app does: Independent for one with none", () => {
    render(<PositionBallots bulletin={bulletin} position={position} result={null} highlighted={new Set()} />);
    const table = screen.getByRole("table", { name: "Sealed ballots, President" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Candidate", "Party", "Sealed ballots"]);
    expect(rows.slice(1)).toEqual([
      ["Progress Party", "1"],
      ["Independent", "1"],
    ]);
  });

  it("counts its blank ballots on a line of their own, as the results do", () => {
    const withBlank = {
      ...bulletin,
      ballots: [
        ...bulletin.ballots,
        { position_id: "p1", receipt_hash: "c".repeat(64), candidate_id: null, ballot: { kind: "blank" } },
      ],
    } as Bulletin;
    render(
      <PositionBallots bulletin={withBlank} position={position} result={null} highlighted={new Set()} />,
    );
    const table = screen.getByRole("table", { name: "Sealed ballots, President" });
    expect(within(table).getByRole("row", { name: /Blank vote/ })).toHaveTextContent("Blank vote1");
  });
});
