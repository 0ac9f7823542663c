import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toggle } from "./Toggle";

describe("a switch while its change is saved", () => {
  it("keeps the keyboard's focus, says it is busy and takes no clicks", () => {
    const onChange = vi.fn();
    const { rerender } = render(<Toggle label="Allow member invites" checked={false} onChange={onChange} />);
    const toggle = screen.getByRole("switch", { name: "Allow member invites" });
    toggle.focus();
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);

    rerender(<Toggle label="Allow member invites" checked={false} onChange={onChange} busy />);
    expect(toggle.hasAttribute("disabled")).toBe(false);
    expect(toggle.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledTimes(1);

    rerender(<Toggle label="Allow member invites" checked onChange={onChange} />);
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
  });
});
