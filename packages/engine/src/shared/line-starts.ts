/*
 * Offsets and lines of a text: where each line starts, and which line an offset is on.
 */

/** Offsets at which each line starts (line 1 at index 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based index of the last entry of a sorted list that is ≤ value. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (sorted[mid]! <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Line and column (1-based) of an offset, given the text's `lineStarts`. */
export function lineColumn(starts: readonly number[], offset: number): { line: number; column: number } {
  const index = lastAtOrBefore(starts, offset);
  return { line: index + 1, column: offset - starts[index]! + 1 };
}
