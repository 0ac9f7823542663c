import { describe, expect, it } from "vitest";
import { covers, offsetsOf, piecesOf, rangeAt, rowAt } from "./windowing";

describe("offsetsOf", () => {
  it("starts each row where the ones above end, the total last", () => {
    expect(offsetsOf([10, 20, 30])).toEqual([0, 10, 30, 60]);
    expect(offsetsOf([])).toEqual([0]);
  });
});

describe("rowAt", () => {
  const offsets = offsetsOf([10, 20, 30]);
  it("finds the row holding a point, its first pixel included", () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 9.5)).toBe(0);
    expect(rowAt(offsets, 10)).toBe(1);
    expect(rowAt(offsets, 59)).toBe(2);
  });
  it("clamps above the first and below the last row; -1 when there are none", () => {
    expect(rowAt(offsets, -100)).toBe(0);
    expect(rowAt(offsets, 1000)).toBe(2);
    expect(rowAt([0], 5)).toBe(-1);
  });
});

describe("rangeAt", () => {
  // 100 rows of 50 px: 5,000 px.
  const offsets = offsetsOf(new Array(100).fill(50));
  it("mounts the rows in view and the overscan either side", () => {
    expect(rangeAt(offsets, 1000, 500, 0, 1000)).toEqual({ start: 20, end: 31 });
    expect(rangeAt(offsets, 1000, 500, 200, 1000)).toEqual({ start: 16, end: 35 });
  });
  it("stops at the ends", () => {
    expect(rangeAt(offsets, 0, 500, 400, 1000)).toEqual({ start: 0, end: 19 });
    expect(rangeAt(offsets, 4500, 500, 400, 1000)).toEqual({ start: 82, end: 100 });
  });
  it("never mounts more than maxRows, keeping those around the middle of the view", () => {
    const tiny = offsetsOf(new Array(1000).fill(2));
    const range = rangeAt(tiny, 1000, 800, 600, 60);
    expect(range.end - range.start).toBe(60);
    expect(range.start).toBeLessThanOrEqual(700);
    expect(range.end).toBeGreaterThan(700);
    expect(rangeAt(tiny, 0, 800, 600, 60)).toEqual({ start: 170, end: 230 });
    expect(rangeAt(tiny, 1990, 800, 600, 60)).toEqual({ start: 940, end: 1000 });
  });
  it("over maxRows, mounts the rows in view first, then the overscan, half a side when both have that many", () => {
    expect(rangeAt(offsets, 1000, 500, 600, 20)).toEqual({ start: 16, end: 36 });
    expect(rangeAt(offsets, 4500, 500, 600, 20)).toEqual({ start: 80, end: 100 });
  });
  it("keeps every row in view mounted when the rows below the middle of the view are tiny", () => {
    // Rows shrunk by themselves from the view's middle down: 50 of 4 px, after 100 of 35 px.
    const shrunk = offsetsOf([
      ...new Array(100).fill(35),
      ...new Array(50).fill(4),
      ...new Array(100).fill(30),
    ]);
    const range = rangeAt(shrunk, 3200, 600, 900, 80);
    expect(range.end - range.start).toBe(80);
    expect(range.start).toBeLessThanOrEqual(rowAt(shrunk, 3200));
    expect(range.end).toBeGreaterThan(rowAt(shrunk, 3800));
  });
  it("mounts nothing for no rows", () => {
    expect(rangeAt([0], 0, 500, 100, 10)).toEqual({ start: 0, end: 0 });
  });
});

describe("covers", () => {
  it("holds when every row of the inner range is in the outer", () => {
    expect(covers({ start: 5, end: 20 }, { start: 5, end: 20 })).toBe(true);
    expect(covers({ start: 5, end: 20 }, { start: 4, end: 10 })).toBe(false);
    expect(covers({ start: 5, end: 20 }, { start: 10, end: 21 })).toBe(false);
  });
});

describe("piecesOf", () => {
  const offsets = offsetsOf([10, 20, 30, 40, 50]);
  it("puts spacers the height of the unmounted rows above and below", () => {
    expect(piecesOf(offsets, { start: 1, end: 3 })).toEqual([
      { gap: -1, height: 10 },
      { row: 1 },
      { row: 2 },
      { gap: 2, height: 90 },
    ]);
  });
  it("needs no spacer when the range reaches an end", () => {
    expect(piecesOf(offsets, { start: 0, end: 5 })).toEqual([0, 1, 2, 3, 4].map((row) => ({ row })));
  });
  it("keeps a row outside the range mounted between spacers", () => {
    expect(piecesOf(offsets, { start: 3, end: 5 }, [0])).toEqual([
      { row: 0 },
      { gap: 0, height: 50 },
      { row: 3 },
      { row: 4 },
    ]);
    expect(piecesOf(offsets, { start: 0, end: 1 }, [3, 1, 99])).toEqual([
      { row: 0 },
      { row: 1 },
      { gap: 1, height: 30 },
      { row: 3 },
      { gap: 3, height: 50 },
    ]);
  });
  it("keeps the total height whatever is mounted", () => {
    for (const range of [
      { start: 0, end: 0 },
      { start: 2, end: 4 },
    ]) {
      const total = piecesOf(offsets, range, [4]).reduce(
        (sum, piece) => sum + ("height" in piece ? piece.height : ([10, 20, 30, 40, 50][piece.row] ?? 0)),
        0,
      );
      expect(total).toBe(150);
    }
  });
});
