import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { announced, SAID_MS } from "./announce";
import { Field } from "./Field";

describe("Field", () => {
  it("ties its hint to the input, and says a rule the value breaks once, politely, as it starts to apply", async () => {
    const rule = "Password must be at least 12 characters long";
    const { rerender } = render(<Field label="Password" value="" onChange={() => undefined} />);
    rerender(<Field label="Password" value="short" onChange={() => undefined} invalid hint={rule} />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(rule);
    // Not an alert (an interruption at each key), but said in the page's polite region.
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(announced()).toBe(rule));
  });

  it("withdraws what it said of a rule once the value holds, and when the field goes", async () => {
    const rule = "This password is too common: it appears in lists of leaked passwords. Choose another.";
    const field = (invalid: boolean) => (
      <Field label="Password" value="x" onChange={() => undefined} invalid={invalid} hint={rule} />
    );
    const { rerender, unmount } = render(field(true));
    await waitFor(() => expect(announced()).toBe(rule));
    // Corrected: the region no longer says it (a screen reader's reading of the page would find it).
    rerender(field(false));
    expect(announced()).toBe("");
    // Broken again, then the page left: gone with the field.
    rerender(field(true));
    await waitFor(() => expect(announced()).toBe(rule));
    unmount();
    expect(announced()).toBe("");
  });

  it("lets what it said go by itself after a while", async () => {
    vi.useFakeTimers();
    try {
      render(<Field label="Password" value="x" onChange={() => undefined} invalid hint="Too short" />);
      act(() => vi.advanceTimersByTime(100));
      expect(announced()).toBe("Too short");
      act(() => vi.advanceTimersByTime(SAID_MS));
      expect(announced()).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("announces an error as an alert, as it appears", () => {
    render(<Field label="Username" error="Username is required" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Username is required");
  });
});
