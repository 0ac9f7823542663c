import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatContact } from "../../../../contract/chat";
import { ContactRow } from "./ContactList";

const contact = (changes: Partial<ChatContact>): ChatContact => ({
  id: "grace",
  full_name: "Grace Adeyemi",
  role: "member",
  user_type: "organization",
  online: false,
  accepts_messages: true,
  shares_organization: true,
  last_message: null,
  unread_count: 0,
  ...changes,
});

describe("a contact", () => {
  it("is a Voter, an Admin, or a Member (an organization account that joined), said once", () => {
    const { unmount } = render(<ContactRow contact={contact({})} onSelect={() => {}} />);
    expect(screen.getByRole("button")).toHaveAccessibleName(/^Grace Adeyemi ?Member, Offline$/);
    unmount();
    const second = render(<ContactRow contact={contact({ user_type: "voter" })} onSelect={() => {}} />);
    expect(screen.getByRole("button")).toHaveTextContent("Voter");
    second.unmount();
    render(<ContactRow contact={contact({ role: "admin" })} onSelect={() => {}} />);
    expect(screen.getByRole("button")).toHaveTextContent("Admin");
  });

  it("back from its conversation, takes the focus from the panel; shown again later, from no one", () => {
    const panel = (
      <section tabIndex={-1} aria-label="Messages">
        <ul>
          <ContactRow contact={contact({})} onSelect={() => {}} focused />
        </ul>
      </section>
    );
    const typing = document.createElement("input");
    document.body.append(typing);
    typing.focus();
    const elsewhere = render(panel);
    expect(document.activeElement).toBe(typing);
    elsewhere.unmount();
    typing.remove();

    render(panel);
    expect(document.activeElement).toBe(screen.getByRole("button"));
  });
});
