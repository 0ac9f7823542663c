import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { referendumBlank } from "../../../../contract/ballots/question-input";
import { QuestionEditor } from "./QuestionEditor";

vi.mock("../../api/client", () => ({ call: vi.fn() }));

describe("a referendum saved with a blank vote before Abstain became its only blank", () => {
  it("shows the blank vote only to untick it, then saves", async () => {
    const onSave = vi.fn();
    render(
      <QuestionEditor
        organizationId="o"
        initial={{
          title: "Motion 1",
          candidates: [],
          method: { kind: "referendum", threshold: "majority", base: "cast", abstain: true },
          blank: true,
        }}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const blank = screen.getByRole("checkbox", { name: /Allow a blank vote/ });
    fireEvent.click(screen.getByRole("button", { name: "Save Question" }));
    await screen.findByText(referendumBlank);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(blank);
    fireEvent.click(screen.getByRole("button", { name: "Save Question" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ blank: false })));
    expect(screen.queryByRole("checkbox", { name: /Allow a blank vote/ })).toBeNull();
  });
});
