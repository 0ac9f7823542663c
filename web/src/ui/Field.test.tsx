import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { announced } from "./announce";
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

  it("announces an error as an alert, as it appears", () => {
    render(<Field label="Username" error="Username is required" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Username is required");
  });
});
