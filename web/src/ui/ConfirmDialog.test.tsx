import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog";

const labels = { confirmLabel: "Delete", busyLabel: "Deleting...", cancelLabel: "Cancel" };

describe("ConfirmDialog driven by its owner", () => {
  it("runs onConfirm and shows the owner's busy state with both buttons disabled", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog title="Delete Channel" onClose={() => {}} onConfirm={onConfirm} busy={false} {...labels}>
        <p>It goes for good.</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("dialog", { name: "Delete Channel" })).toHaveTextContent("It goes for good.");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog title="Delete Channel" onClose={() => {}} onConfirm={onConfirm} busy {...labels}>
        <p>It goes for good.</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
  });

  it("Cancel and Escape close it; while busy neither does", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmDialog title="Suspend?" onClose={onClose} onConfirm={() => {}} {...labels}>
        <p>Sure?</p>
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
    rerender(
      <ConfirmDialog title="Suspend?" onClose={onClose} onConfirm={() => {}} busy {...labels}>
        <p>Sure?</p>
      </ConfirmDialog>,
    );
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("the confirm button alone waits for a choice", () => {
    render(
      <ConfirmDialog
        title="Report"
        onClose={() => {}}
        onConfirm={() => {}}
        confirmDisabled
        tone="primary"
        {...labels}
      >
        <p>Why?</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete" })).toHaveClass("btn-primary");
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
  });
});

function Harness({ action }: { action: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <ConfirmDialog title="Close voting now?" onClose={() => setOpen(false)} onConfirm={action} {...labels}>
      <p>Voters can no longer vote.</p>
    </ConfirmDialog>
  ) : (
    <p>closed</p>
  );
}

describe("ConfirmDialog driven by a promise", () => {
  it("is busy while the action runs and closes itself when it succeeds", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    render(<Harness action={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    finish();
    expect(await screen.findByText("closed")).toBeInTheDocument();
  });

  it("shows the failure inside and lets the user try again", async () => {
    const user = userEvent.setup();
    const action = vi
      .fn()
      .mockRejectedValueOnce(new Error("Voting is not open."))
      .mockResolvedValueOnce(undefined);
    render(<Harness action={action} />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Voting is not open.");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("closed")).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(2);
  });
});
