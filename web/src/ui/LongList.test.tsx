import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LIST_PAGE, LongListFilter, LongListFoot, useLongList } from "./LongList";

const people = Array.from({ length: 120 }, (_, i) => `Person ${String(i + 1).padStart(3, "0")}`);

function People({ names }: { names: string[] }) {
  const list = useLongList(names, (name) => name);
  return (
    <>
      <LongListFilter list={list} label="Find a member" />
      <ul ref={list.listRef}>
        {list.shown.map((name) => (
          <li key={name} data-row tabIndex={-1}>
            {name}
          </li>
        ))}
      </ul>
      <LongListFoot list={list} noMatch="No member matches that name." />
    </>
  );
}

const rows = () => screen.queryAllByRole("listitem").map((row) => row.textContent);

describe("a long list", () => {
  it("shows a page at a time; Show more adds the next and takes the focus to its first row", async () => {
    const user = userEvent.setup();
    render(<People names={people} />);
    expect(rows()).toHaveLength(LIST_PAGE);
    await user.click(screen.getByRole("button", { name: "Show 50 more (70 not shown)" }));
    expect(rows()).toHaveLength(100);
    expect(document.activeElement?.textContent).toBe("Person 051");
    await user.click(screen.getByRole("button", { name: "Show 20 more (20 not shown)" }));
    expect(rows()).toHaveLength(120);
    expect(document.activeElement?.textContent).toBe("Person 101");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("finds rows by what is typed, case aside, from the first page again; says when none match", async () => {
    const user = userEvent.setup();
    render(<People names={people} />);
    await user.click(screen.getByRole("button", { name: /Show 50 more/ }));
    await user.type(screen.getByRole("searchbox", { name: "Find a member" }), "person 11");
    expect(rows()).toEqual(people.slice(109, 119));
    await user.clear(screen.getByRole("searchbox"));
    expect(rows()).toHaveLength(LIST_PAGE);
    await user.type(screen.getByRole("searchbox"), "nobody");
    expect(rows()).toEqual([]);
    screen.getByText("No member matches that name.");
  });

  it("offers no filter box to a short list", () => {
    render(<People names={people.slice(0, 8)} />);
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(rows()).toHaveLength(8);
  });
});
