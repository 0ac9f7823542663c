import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SortHeader, useSort } from "./Sort";
import { compareValues, dateValue, nextSort, type SortState, sortRows } from "./sort";

interface Row {
  name: string;
  risk: number | null;
  started: string | null;
}

const ROWS: Row[] = [
  { name: "Voter 10", risk: 12.5, started: "2026-03-01T10:00:00Z" },
  { name: "voter 2", risk: null, started: "2026-03-03T10:00:00Z" },
  { name: "", risk: 80, started: null },
  { name: "Émile", risk: 12.5, started: "2026-03-02T10:00:00Z" },
  { name: "Voter 1", risk: 3, started: "2026-03-01T09:00:00Z" },
];

const VALUES = {
  name: (row: Row) => row.name,
  risk: (row: Row) => row.risk,
  started: (row: Row) => dateValue(row.started),
};

const names = (rows: Row[]) => rows.map((row) => row.name);

describe("sortRows", () => {
  it("compares words as a reader would: numbers in them by value, case and accents aside, empty last", () => {
    expect(names(sortRows(ROWS, { key: "name", direction: "ascending" }, VALUES))).toEqual([
      "Émile",
      "Voter 1",
      "voter 2",
      "Voter 10",
      "",
    ]);
    // Descending reverses the names, the empty one still last.
    expect(names(sortRows(ROWS, { key: "name", direction: "descending" }, VALUES))).toEqual([
      "Voter 10",
      "voter 2",
      "Voter 1",
      "Émile",
      "",
    ]);
  });

  it("compares numbers and dates by value, keeps equal rows in the order they came, empty last both ways", () => {
    expect(names(sortRows(ROWS, { key: "risk", direction: "descending" }, VALUES))).toEqual([
      "",
      "Voter 10",
      "Émile",
      "Voter 1",
      "voter 2",
    ]);
    expect(names(sortRows(ROWS, { key: "risk", direction: "ascending" }, VALUES))).toEqual([
      "Voter 1",
      "Voter 10",
      "Émile",
      "",
      "voter 2",
    ]);
    expect(names(sortRows(ROWS, { key: "started", direction: "descending" }, VALUES))).toEqual([
      "voter 2",
      "Émile",
      "Voter 10",
      "Voter 1",
      "",
    ]);
  });

  it("leaves the rows as they came when nothing is chosen, and never changes the list it was given", () => {
    const given = [...ROWS];
    expect(sortRows(given, null, VALUES)).toEqual(ROWS);
    sortRows(given, { key: "name", direction: "ascending" }, VALUES);
    expect(given).toEqual(ROWS);
  });

  it("puts empty words, missing values and invalid dates after the others", () => {
    expect(compareValues("  ", "a")).toBe(1);
    expect(compareValues(undefined, 0, "descending")).toBe(1);
    expect(compareValues(new Date("nope"), new Date(0))).toBe(1);
    expect(compareValues(null, "")).toBe(0);
    expect(compareValues(true, false)).toBeGreaterThan(0);
  });

  it("toggles the column sorted now, and starts another in its first direction", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "ascending" });
    expect(nextSort({ key: "name", direction: "ascending" }, "name")).toEqual({
      key: "name",
      direction: "descending",
    });
    expect(nextSort({ key: "name", direction: "descending" }, "name")).toEqual({
      key: "name",
      direction: "ascending",
    });
    expect(nextSort({ key: "name", direction: "ascending" }, "risk", "descending")).toEqual({
      key: "risk",
      direction: "descending",
    });
  });
});

function People({ initial = null }: { initial?: SortState<"name" | "risk"> }) {
  const { sort, toggle } = useSort<"name" | "risk">(initial);
  return (
    <table>
      <caption>People</caption>
      <thead>
        <tr>
          <SortHeader column="name" label="Name" sort={sort} onSort={toggle} />
          <SortHeader column="risk" label="Risk" sort={sort} onSort={toggle} first="descending" />
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {sortRows(ROWS, sort, VALUES).map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td>{row.risk}</td>
            <td />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const shown = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
const header = (name: string) => screen.getByRole("columnheader", { name });

describe("SortHeader", () => {
  it("is a button named as its column, marks the one sorted column with aria-sort, and toggles", () => {
    render(<People />);
    const name = screen.getByRole("button", { name: "Name" });
    expect(name.tagName).toBe("BUTTON");
    expect(name.getAttribute("type")).toBe("button");
    expect(name.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    // Nothing chosen: the order the list came in, no column marked.
    expect(shown()).toEqual(names(ROWS));
    expect(document.querySelectorAll("[aria-sort]")).toHaveLength(0);

    fireEvent.click(name);
    expect(header("Name").getAttribute("aria-sort")).toBe("ascending");
    expect(shown()).toEqual(["Émile", "Voter 1", "voter 2", "Voter 10", ""]);
    fireEvent.click(name);
    expect(header("Name").getAttribute("aria-sort")).toBe("descending");
    expect(shown()).toEqual(["Voter 10", "voter 2", "Voter 1", "Émile", ""]);

    // Another column: it alone is marked, sorted first in its own first direction.
    fireEvent.click(screen.getByRole("button", { name: "Risk" }));
    expect(header("Risk").getAttribute("aria-sort")).toBe("descending");
    expect(header("Name").hasAttribute("aria-sort")).toBe(false);
    expect(header("Actions").hasAttribute("aria-sort")).toBe(false);
    expect(shown()).toEqual(["", "Voter 10", "Émile", "Voter 1", "voter 2"]);
  });

  it("shows the order a list came in as the sort it is (a default newest first, say)", () => {
    render(<People initial={{ key: "risk", direction: "descending" }} />);
    expect(header("Risk").getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(screen.getByRole("button", { name: "Risk" }));
    expect(header("Risk").getAttribute("aria-sort")).toBe("ascending");
  });
});
