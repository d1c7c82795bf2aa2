import { describe, expect, it } from 'vitest';
import { positionAt } from '../../packages/engine/src/node/diagnostics/source-position';

// The hand-written conversion it replaced, kept here as the reference for `\n` line endings.
const byHand = (text: string, offset: number) => {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
};

describe('positionAt', () => {
  it('agrees with the split-and-count conversion at every offset of a LF text', () => {
    const text = 'a\n\nbc\n  d\n';
    for (let offset = 0; offset <= text.length; offset++) expect(positionAt(text, offset)).toEqual(byHand(text, offset));
  });

  it('counts CRLF as one line ending and clamps offsets outside the text', () => {
    expect(positionAt('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(positionAt('ab', 99)).toEqual({ line: 1, column: 3 });
    expect(positionAt('ab', -1)).toEqual({ line: 1, column: 1 });
  });
});
