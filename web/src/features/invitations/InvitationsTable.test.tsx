import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Invitation, InvitationState } from "../../../../contract/invitations";
import { InvitationsTable } from "./InvitationsTable";

const invitation = (full_name: string, state: InvitationState, sent_at: string): Invitation => ({
  id: full_name,
  list_id: "list",
  email: `${full_name.toLowerCase().replace(/\s/g, ".")}@example.org`,
  full_name,
  state,
  failure: state === "failed" ? "Mailbox unavailable" : null,
  sent_at,
  expires_at: "2026-04-01T00:00:00Z",
  accepted_at: state === "accepted" ? "2026-03-05T00:00:00Z" : null,
  revoked_at: null,
  accepted_user_id: null,
});

// As the server lists them: newest first.
const INVITATIONS = [
  invitation("Kofi 10", "accepted", "2026-03-04T00:00:00Z"),
  invitation("Ama", "delivered", "2026-03-03T00:00:00Z"),
  invitation("Kofi 9", "failed", "2026-03-02T00:00:00Z"),
];

const invitees = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getByRole("rowheader").querySelector("strong")?.textContent);

describe("the invitations table", () => {
  it("lists them newest first, then as the administrator sorts them: by state (what needs them first) or invitee", () => {
    render(<InvitationsTable invitations={INVITATIONS} onChanged={() => undefined} />);
    const header = (name: string) => screen.getByRole("columnheader", { name });
    expect(header("Sent").getAttribute("aria-sort")).toBe("descending");
    expect(invitees()).toEqual(["Kofi 10", "Ama", "Kofi 9"]);

    fireEvent.click(screen.getByRole("button", { name: "State" }));
    expect(header("State").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Sent").hasAttribute("aria-sort")).toBe(false);
    expect(invitees()).toEqual(["Kofi 9", "Ama", "Kofi 10"]);

    fireEvent.click(screen.getByRole("button", { name: "Invitee" }));
    expect(invitees()).toEqual(["Ama", "Kofi 9", "Kofi 10"]);
    fireEvent.click(screen.getByRole("button", { name: "Invitee" }));
    expect(header("Invitee").getAttribute("aria-sort")).toBe("descending");
    expect(invitees()).toEqual(["Kofi 10", "Kofi 9", "Ama"]);
  });

  it("offers a search by name or address once it is long, and says when nothing matches", () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      invitation(`Bulk ${i + 1}`, "delivered", `2026-03-0${(i % 9) + 1}T00:00:00Z`),
    );
    render(<InvitationsTable invitations={[...many, ...INVITATIONS]} onChanged={() => undefined} />);
    const search = screen.getByRole("searchbox", { name: "Filter by name or e-mail" });
    fireEvent.change(search, { target: { value: "bulk 1" } });
    expect(invitees().sort()).toEqual(["Bulk 1", "Bulk 10", "Bulk 11", "Bulk 12"]);
    fireEvent.change(search, { target: { value: "ama@example" } });
    expect(invitees()).toEqual(["Ama"]);
    fireEvent.change(search, { target: { value: "nobody" } });
    expect(screen.getByText("No invitation matches that name or address.")).toBeTruthy();
  });
});
