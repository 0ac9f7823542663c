import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FiredRules } from "./FiredRules";

describe("the rules that fired on a session", () => {
  it("show each weight as it is, and how several combine rather than add up", () => {
    render(
      <FiredRules
        rules={[
          { rule: "shared_device", weight: 0.5, detail: "This device was also used by 1 other voter" },
          { rule: "automation", weight: 0.4, detail: "The browser says it is driven by automation" },
        ]}
      />,
    );
    expect(screen.getByText("50%")).toBeInTheDocument();
    expect(screen.getByText("40%")).toBeInTheDocument();
    expect(screen.getByText(/Combined, not added/).textContent).toContain("1 − (1 − 50%) × (1 − 40%) = 70%");
  });

  it("say nothing of combining for a single rule", () => {
    render(<FiredRules rules={[{ rule: "automation", weight: 0.4, detail: "Automation signs" }]} />);
    expect(screen.queryByText(/Combined/)).toBeNull();
  });
});
