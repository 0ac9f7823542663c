import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import { BallotForm } from "./BallotForm";
import { ballotWords } from "./ballotWords";
import { pageText } from "./pageText";

const question = (id: string, title: string): PositionView => ({
  id,
  title,
  description: "",
  max_selections: 1,
  method: { kind: "referendum", threshold: "majority", base: "cast", abstain: false },
  blank: false,
  order: "as_entered",
  candidates: [],
  result: null,
});

describe("BallotForm", () => {
  it("leaves the review for the questions still open when the answers it held were cast elsewhere", () => {
    const positions = [question("q1", "Motion 1"), question("q2", "Motion 2")];
    const onCast = vi.fn();
    const form = (voted: string[]) => (
      <BallotForm
        positions={positions}
        voted={(p) => (voted.includes(p.id) ? <p key={p.id}>Voted: {p.title}</p> : null)}
        voterId="voter"
        busy={false}
        onCast={onCast}
      />
    );
    const view = render(form([]));
    const [yes] = screen.getAllByLabelText(ballotWords.yes);
    fireEvent.click(yes as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: pageText.submitVote }));
    expect(screen.getByText(ballotWords.reviewTitle)).toBeInTheDocument();

    // Motion 1 was voted in another tab: this tab's review has nothing left to cast.
    view.rerender(form(["q1"]));
    expect(screen.queryByText(ballotWords.reviewTitle)).not.toBeInTheDocument();
    expect(screen.getByText("Voted: Motion 1")).toBeInTheDocument();
    expect(screen.getByText("Motion 2")).toBeVisible();
    expect(screen.getByRole("button", { name: pageText.submitVote })).toBeDisabled();
    expect(onCast).not.toHaveBeenCalled();
  });
});
