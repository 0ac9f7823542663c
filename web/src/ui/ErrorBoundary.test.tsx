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

  it("says Votespace was updated, with Reload, when the server no longer has the part (a new release)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const asked = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 404 }));
    render(
      <ErrorBoundary>
        <Throws
          error={
            new TypeError(
              "Failed to fetch dynamically imported module: http://localhost/assets/Menu-y6fPEXSH.js",
            )
          }
        />
      </ErrorBoundary>,
    );
    expect(await screen.findByText("Votespace was updated")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith("/assets/Menu-y6fPEXSH.js", { method: "HEAD", cache: "no-store" });
  });

  it("keeps saying Connection Error when the part cannot be reached either", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const asked = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    render(
      <ErrorBoundary>
        <Throws
          error={new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/x-1.js")}
        />
      </ErrorBoundary>,
    );
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    expect(screen.getByRole("alert")).toHaveTextContent("Connection Error");
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
