import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announce } from "./announce";
import { LIST_PAGE, LongListFilter, LongListFoot, useLongList } from "./LongList";

vi.mock("./announce", () => ({ announce: vi.fn(() => () => undefined) }));

const people = Array.from({ length: 120 }, (_, i) => `Person ${String(i + 1).padStart(3, "0")}`);
const said = {
  find: "Find a member",
  count: (n: number) => `${n} ${n === 1 ? "member" : "members"}`,
  noMatch: "No member matches that name.",
};

function People({ names }: { names: string[] }) {
  const list = useLongList(names, (name) => name, said);
  return (
    <>
      <LongListFilter list={list} />
      <ul ref={list.listRef}>
        {list.shown.map((name) => (
          <li key={name} data-row tabIndex={-1}>
            {name}
          </li>
        ))}
      </ul>
      <LongListFoot list={list} />
    </>
  );
}

const rows = () => screen.queryAllByRole("listitem").map((row) => row.textContent);
const box = () => screen.getByRole<HTMLInputElement>("searchbox", { name: "Find a member" });

beforeEach(() => vi.mocked(announce).mockClear());
afterEach(() => vi.useRealTimers());

describe("a long list", () => {
  it("shows a page at a time; Show more adds the next and takes the focus to its first row", async () => {
    const user = userEvent.setup();
    render(<People names={people} />);
    expect(rows()).toHaveLength(LIST_PAGE);
    await user.click(screen.getByRole("button", { name: "Show 50 more (70 members not yet shown)" }));
    expect(rows()).toHaveLength(100);
    expect(document.activeElement?.textContent).toBe("Person 051");
    await user.click(screen.getByRole("button", { name: "Show 20 more (20 members not yet shown)" }));
    expect(rows()).toHaveLength(120);
    expect(document.activeElement?.textContent).toBe("Person 101");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("finds rows by what is typed, case aside, from the first page again; says what it found", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<People names={people} />);
    await user.click(screen.getByRole("button", { name: /Show 50 more/ }));
    await user.type(box(), "person 11");
    expect(rows()).toEqual(people.slice(109, 119));
    act(() => vi.advanceTimersByTime(400));
    expect(announce).toHaveBeenLastCalledWith("10 members found");
    await user.type(box(), "9");
    act(() => vi.advanceTimersByTime(400));
    expect(announce).toHaveBeenLastCalledWith("1 member found");
    await user.clear(box());
    expect(rows()).toHaveLength(LIST_PAGE);
    await user.type(box(), "nobody");
    expect(rows()).toEqual([]);
    screen.getByText("No member matches that name.");
    act(() => vi.advanceTimersByTime(400));
    expect(announce).toHaveBeenLastCalledWith("No member matches that name.");
    expect(announce).toHaveBeenCalledTimes(3);
  });

  it("offers no filter box to a short list, but keeps it while a filter is on as the list shrinks", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<People names={people.slice(0, 9)} />);
    await user.type(box(), "zzz");
    rerender(<People names={people.slice(0, 8)} />);
    expect(box().value).toBe("zzz");
    await user.clear(box());
    expect(rows()).toHaveLength(8);
    expect(screen.queryByRole("searchbox")).toBeNull();
  });
});
