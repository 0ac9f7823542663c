import { describe, expect, it } from "vitest";
import { roleLabel } from "./UserFooter";

describe("the footer's role, as the Members list says it", () => {
  it("an organization account that is a plain member here is a Member, not a Voter", () => {
    expect(roleLabel("organization", "member")).toBe("Member");
  });

  it("a voter account is a Voter (the spec's label); an administrator is Admin", () => {
    expect(roleLabel("voter", "member")).toBe("Voter");
    expect(roleLabel("organization", "admin")).toBe("Admin");
  });
});
