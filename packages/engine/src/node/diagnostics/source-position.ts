import { location } from 'vfile-location';

/**
 * 1-based line and column of a 0-based offset in `text`, as unified's own messages count them
 * (vfile-location: `\n`, `\r\n` and a lone `\r` each end a line). The offset is clamped into the
 * text, so a position is always returned.
 */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const point = location(text).toPoint(Math.min(Math.max(offset, 0), text.length));
  // Defined for every offset from 0 to text.length, which the clamp guarantees.
  return { line: point?.line ?? 1, column: point?.column ?? 1 };
}
