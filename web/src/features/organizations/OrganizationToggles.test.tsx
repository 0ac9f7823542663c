import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../../contract/accounts";
import type { OrganizationProfile } from "../../../../contract/organizations";
import { OrganizationToggles } from "./OrganizationToggles";

vi.mock("../accounts/AuthProvider", () => ({
  useAuth: () => ({ user: { id: "oscar", user_type: "organization", two_factor_enabled: false } as Profile }),
}));

const profile = (manage: boolean) =>
  ({
    id: "org-1",
    name: "Riverside Housing Co-op",
    is_public: true,
    allow_member_invites: false,
    require_approval: false,
    role: manage ? "admin" : "member",
    can: { manage, invite: manage },
  }) as OrganizationProfile;

const show = (manage: boolean) =>
  render(<OrganizationToggles profile={profile(manage)} onSaved={vi.fn()} onTwoFactorChanged={vi.fn()} />);

describe("Organization Settings for a member who is no administrator", () => {
  it("says truly what only administrators may change: the organization's switches are off, their own sign-in is apart and theirs", () => {
    show(false);
    const card = screen.getByRole("region", { name: "Organization Settings" });
    for (const name of ["Public Organization", "Allow Member Invites", "Require Admin Approval"])
      expect(within(card).getByRole("switch", { name })).toBeDisabled();
    expect(card).toHaveTextContent(
      "Only this organization's administrators can change the organization's settings.",
    );

    const own = within(card).getByRole("region", { name: "Your Sign-in" });
    expect(within(own).getByRole("switch", { name: "Enable Two-Factor Auth" })).toBeEnabled();
  });

  it("an administrator has every switch, and the same own sign-in apart", () => {
    show(true);
    expect(screen.getByRole("switch", { name: "Require Admin Approval" })).toBeEnabled();
    expect(screen.queryByText(/Only this organization's administrators/)).toBeNull();
    expect(
      within(screen.getByRole("region", { name: "Your Sign-in" })).getByRole("switch", {
        name: "Enable Two-Factor Auth",
      }),
    ).toBeEnabled();
  });
});
