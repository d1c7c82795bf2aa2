import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../packages/engine/src/node/render/escape-html';

const tricky = `/a&b/"c"/<d>/it's/\`e\`/ü/😀`;

describe('escape-html', () => {
  it('escapes the HTML shell with named references, as the hand-written escaper did', () => {
    expect(escapeHtml(tricky)).toBe("/a&amp;b/&quot;c&quot;/&lt;d&gt;/it's/`e`/ü/😀");
  });
});
