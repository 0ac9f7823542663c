import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PositionView } from "../../../../contract/elections";
import { BallotForm } from "./BallotForm";
import { ballotWords } from "./ballotWords";
import { pageText } from "./pageText";
import { reviewWords } from "./reviewWords";

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

/** An office with two candidates: a plurality choice. */
const president: PositionView = {
  ...question("p", "President"),
  method: { kind: "plurality" },
  candidates: [
    { id: "ada", name: "Ada", party: "Blue", image_url: "", statement: "", vote_count: null },
    { id: "ben", name: "Ben", party: "Green", image_url: "", statement: "", vote_count: null },
  ],
};

describe("BallotForm", () => {
  it("reviews a ballot with another question before casting, and names the one left unanswered", async () => {
    const onCast = vi.fn();
    render(
      <BallotForm
        positions={[president, question("q1", "Motion 1")]}
        voterId="voter"
        busy={false}
        onCast={onCast}
      />,
    );
    fireEvent.click(screen.getByRole("radio", { name: /Ada/ }));
    fireEvent.click(screen.getByRole("button", { name: pageText.submitVote }));
    // Not cast unseen: the review says Motion 1 was left unanswered.
    expect(onCast).not.toHaveBeenCalled();
    // The review's code loads once an answer is marked.
    expect(await screen.findByText(reviewWords.reviewTitle)).toBeInTheDocument();
    expect(screen.getByText(reviewWords.reviewSkipped(["Motion 1"]))).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: reviewWords.reviewCast }));
    expect(onCast).toHaveBeenCalledWith([{ position_id: "p", candidate_id: "ada" }], {
      p: { kind: "choice", candidate: "ada" },
    });
  });

  it("keeps the keyboard's place: Back from the review focuses Submit Vote, and while verifying the review's buttons stay focusable", async () => {
    const positions = [president, question("q1", "Motion 1")];
    const onCast = vi.fn();
    const { rerender } = render(
      <BallotForm positions={positions} voterId="voter" busy={false} onCast={onCast} />,
    );
    fireEvent.click(screen.getByRole("radio", { name: /Ada/ }));
    fireEvent.click(screen.getByRole("button", { name: pageText.submitVote }));
    // Verifying: locked, not disabled, so the dialog can give the focus back when it closes.
    rerender(<BallotForm positions={positions} voterId="voter" busy="verifying" onCast={onCast} />);
    const castButton = await screen.findByRole("button", { name: reviewWords.reviewCast });
    expect(castButton).not.toBeDisabled();
    expect(castButton).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(castButton);
    expect(onCast).not.toHaveBeenCalled();
    rerender(<BallotForm positions={positions} voterId="voter" busy={false} onCast={onCast} />);
    fireEvent.click(screen.getByRole("button", { name: reviewWords.reviewBack }));
    expect(screen.getByRole("button", { name: pageText.submitVote })).toHaveFocus();
  });

  it("leaves the review for the questions still open when the answers it held were cast elsewhere", async () => {
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
    expect(await screen.findByText(reviewWords.reviewTitle)).toBeInTheDocument();

    // Motion 1 was voted in another tab: this tab's review has nothing left to cast.
    view.rerender(form(["q1"]));
    expect(screen.queryByText(reviewWords.reviewTitle)).not.toBeInTheDocument();
    expect(screen.getByText("Voted: Motion 1")).toBeInTheDocument();
    expect(screen.getByText("Motion 2")).toBeVisible();
    expect(screen.getByRole("button", { name: pageText.submitVote })).toBeDisabled();
    expect(onCast).not.toHaveBeenCalled();
  });
});
