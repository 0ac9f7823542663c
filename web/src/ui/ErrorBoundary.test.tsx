import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorBoundary";

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe("ErrorBoundary", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says a part of the app could not be loaded, with Retry, when a lazy chunk fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Throws error={new TypeError("Failed to fetch dynamically imported module: /assets/x.js")} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Connection Error");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("says the same when the build's loader cannot fetch a part's stylesheet (offline, say)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Throws error={new Error("Unable to preload CSS for http://localhost/assets/Menu-y6fPEXSH.css")} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Connection Error");
  });

  it("shows any other render failure instead of a blank page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Throws error={new Error("boom")} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
  });

  it("renders its children when nothing fails", () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("fine")).toBeInTheDocument();
  });
});
