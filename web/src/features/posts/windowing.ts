/**
 * The arithmetic of a windowed list of rows of different heights: where each row starts, which rows
 * to mount for a scroll position, and the spacers that stand in for the rest. Pure, so it is tested
 * on its own (windowing.test.ts); MessageList measures the rows and keeps the reader's place.
 */

/** Where each row starts, and (last) the total: `offsets[i]` = sum of heights before row i. */
export function offsetsOf(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = (offsets[i] as number) + (heights[i] as number);
  return offsets;
}

/** The row that holds the point `y` (clamped to the first and last row); -1 for no rows. */
export function rowAt(offsets: readonly number[], y: number): number {
  const rows = offsets.length - 1;
  if (rows <= 0) return -1;
  let low = 0;
  let high = rows - 1;
  // The last row whose start is at or above y.
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] as number) <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Rows `start` (included) to `end` (excluded). */
export interface Range {
  start: number;
  end: number;
}

/**
 * The rows to mount for a viewport of `height` pixels whose top is at `top`: those it shows plus
 * `overscan` pixels of rows either side, never more than `maxRows`, so a screen of tiny rows cannot
 * mount thousands. Over the limit, the rows shown come first and the rest goes to the overscan (half
 * a side, unless one side has fewer): half the limit counted out below the middle row could end
 * short of the bottom where the rows there are tiny. Only when the rows shown are too many
 * themselves, those nearest the viewport's middle.
 */
export function rangeAt(
  offsets: readonly number[],
  top: number,
  height: number,
  overscan: number,
  maxRows: number,
): Range {
  const rows = offsets.length - 1;
  if (rows <= 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, top - overscan);
  const end = rowAt(offsets, top + height + overscan) + 1;
  if (end - start <= maxRows) return { start, end };
  const first = rowAt(offsets, top);
  const last = rowAt(offsets, top + height) + 1;
  if (last - first >= maxRows) {
    const middle = rowAt(offsets, top + height / 2);
    const from = Math.min(Math.max(first, middle - Math.floor(maxRows / 2)), last - maxRows);
    return { start: from, end: from + maxRows };
  }
  const spare = maxRows - (last - first);
  const below = end - last;
  const above = Math.min(first - start, Math.max(Math.floor(spare / 2), spare - below));
  return { start: first - above, end: last + spare - above };
}

/** Whether `outer` holds every row of `inner`. */
export function covers(outer: Range, inner: Range): boolean {
  return outer.start <= inner.start && outer.end >= inner.end;
}

/** What the list renders, top to bottom: mounted rows, and spacers the height of the rows between. */
export type Piece = { row: number } | { gap: number; height: number };

/**
 * The pieces for `range` plus `kept` rows outside it (the row holding the keyboard focus stays
 * mounted wherever the reader scrolls). Spacers are keyed by the row they follow (-1 at the top).
 */
export function piecesOf(offsets: readonly number[], range: Range, kept: readonly number[] = []): Piece[] {
  const rows = offsets.length - 1;
  const mounted = new Set<number>();
  for (let i = Math.max(0, range.start); i < Math.min(rows, range.end); i++) mounted.add(i);
  for (const i of kept) if (i >= 0 && i < rows) mounted.add(i);
  const sorted = [...mounted].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  let next = 0;
  for (const row of sorted) {
    if (row > next)
      pieces.push({ gap: next - 1, height: (offsets[row] as number) - (offsets[next] as number) });
    pieces.push({ row });
    next = row + 1;
  }
  if (next < rows)
    pieces.push({ gap: next - 1, height: (offsets[rows] as number) - (offsets[next] as number) });
  return pieces;
}
