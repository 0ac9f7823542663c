import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Email } from "./Email";

const address = "maximilian.featherstonehaugh@students.riverside-college.example.org";

describe("an e-mail address on screen", () => {
  it("may wrap after the @ and before each dot, its text whole (a copied address has no extra character)", () => {
    const { container } = render(<Email address={address} />);
    const shown = container.firstElementChild as HTMLElement;
    expect(shown.textContent).toBe(address);
    expect(screen.getByText(address)).toBe(shown);
    // The text before each break opportunity: "maximilian", ".featherstonehaugh@", "students", ...
    const parts = shown.innerHTML.split("<wbr>");
    expect(parts).toEqual([
      "maximilian",
      ".featherstonehaugh@",
      "students",
      ".riverside-college",
      ".example",
      ".org",
    ]);
  });

  it("keeps to one line where asked, the whole address in its title", () => {
    const { container } = render(<Email address={address} truncate />);
    const shown = container.firstElementChild as HTMLElement;
    expect(shown).toHaveTextContent(address);
    expect(shown).toHaveAttribute("title", address);
    expect(shown.querySelector("wbr")).toBeNull();
  });
});
