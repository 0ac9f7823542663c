import { render, screen, waitFor } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { Status } from "./Status";

describe("Status", () => {
  it("is a status line that exists empty before its words come in (so they are read)", async () => {
    render(<Status className="note">Saved.</Status>);
    const status = screen.getByRole("status");
    expect(status.tagName).toBe("P");
    expect(status).toHaveClass("note");
    expect(status).toBeEmptyDOMElement();
    await waitFor(() => expect(status).toHaveTextContent("Saved."));
    expect(screen.getByRole("status")).toBe(status);
  });

  it("is the element asked for, with its props and ref, and says later words as they change", async () => {
    const ref = createRef<HTMLDivElement>();
    const view = render(
      <Status as="div" ref={ref} id="s" tabIndex={-1}>
        First
      </Status>,
    );
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("First"));
    expect(ref.current?.tagName).toBe("DIV");
    expect(ref.current).toHaveAttribute("id", "s");
    view.rerender(
      <Status as="div" ref={ref} id="s" tabIndex={-1}>
        Second
      </Status>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Second");
  });
});
