import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmptyState } from "./EmptyState";
import { LoadState } from "./LoadState";

const labels = { loadingLabel: "Loading the board...", errorTitle: "Could not load", retryLabel: "Retry" };

function show(data: string[] | null, error: string | null, onRetry = () => {}) {
  return render(
    <LoadState
      data={data}
      error={error}
      onRetry={onRetry}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState title="No ballots yet" />}
      {...labels}
    >
      {(list) => (
        <ul>
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </LoadState>,
  );
}

describe("LoadState", () => {
  it("says what is loading while there is nothing yet, in a status line that exists before its words", async () => {
    show(null, null);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Loading the board..."));
  });

  it("shows the failure with a Retry that loads again", async () => {
    const onRetry = vi.fn();
    show(null, "The server did not answer.", onRetry);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Could not load");
    expect(alert).toHaveTextContent("The server did not answer.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the empty state for empty data", () => {
    show([], null);
    expect(screen.getByText("No ballots yet")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("shows the content, and keeps it when a reload fails", () => {
    const { unmount } = show(["first", "second"], null);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    unmount();
    show(["first"], "offline");
    expect(screen.getByRole("listitem")).toHaveTextContent("first");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
