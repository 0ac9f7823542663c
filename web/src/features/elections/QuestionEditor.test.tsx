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

describe("an approval question's most choices", () => {
  const approval = () => {
    render(
      <QuestionEditor
        organizationId="o"
        initial={{
          title: "Committee",
          candidates: [
            { name: "Ama", party: "", statement: "", photo_url: "" },
            { name: "Kofi", party: "", statement: "", photo_url: "" },
          ],
          method: { kind: "approval", min: 0, max: 2, seats: 1 },
          blank: false,
        }}
        onSave={() => undefined}
        onClose={() => undefined}
      />,
    );
    return screen.getByLabelText("Most choices") as HTMLInputElement;
  };

  it("follows the candidates while it is all of them and untouched", () => {
    const most = approval();
    fireEvent.click(screen.getByRole("button", { name: "+ Add candidate" }));
    expect(most.value).toBe("3");
  });

  it("stays as the administrator typed it, even equal to the count of candidates", () => {
    const most = approval();
    fireEvent.change(most, { target: { value: "2" } });
    fireEvent.blur(most);
    fireEvent.click(screen.getByRole("button", { name: "+ Add candidate" }));
    expect(most.value).toBe("2");
  });
});
