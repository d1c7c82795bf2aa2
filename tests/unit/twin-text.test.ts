import { describe, expect, it } from 'vitest';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { TWIN_MARKDOWN } from '../../packages/engine/src/node/markdown/markdown-twin';
import { seededRandom } from '../helpers/seeded';

/** The twin's options with mdast-util-to-markdown's own text handler. */
const DEFAULT = { ...TWIN_MARKDOWN, handlers: {} };

const PIECES = ['a', 'b', 'word', ' ', '  ', '\n', '\r', '\r\n', '\t', '.', ':', '::', '*', '_', '__', '`', '&', '&amp;', '1.', '2)', '-', '--', '+', '#', '[', ']', '(', ')', '!', '|', '~', '\\', '=', '>', '<', '<a', 'http://x', 'www.x', 'a@b.c', '"', "'", '%', '{', '}', 'é', '😀', ':::x', '\\*'];

function generator(seed: number) {
  const next = seededRandom(seed);
  const text = (): string => {
    let value = '';
    for (let i = 1 + next(6); i > 0; i--) value += PIECES[next(PIECES.length)];
    return value;
  };
  const phrasing = (depth: number): PhrasingContent[] => {
    const out: PhrasingContent[] = [];
    for (let i = 1 + next(5); i > 0; i--) {
      // Texts side by side too: a text's escapes depend on the first character of the next.
      const kind = depth > 1 ? next(3) - 1 : next(9) - 1;
      if (kind < 2) out.push({ type: 'text', value: text() });
      else if (kind === 2) out.push({ type: 'inlineCode', value: text() });
      else if (kind === 3) out.push({ type: 'emphasis', children: phrasing(depth + 1) });
      else if (kind === 4) out.push({ type: 'strong', children: phrasing(depth + 1) });
      else if (kind === 5 && next(3) === 0) {
        // Written as an autolink (`<https://…>`): its text is the URL.
        const url = `${next(2) ? 'https://a.b/' : 'mailto:'}${text()}`;
        out.push({ type: 'link', url, children: [{ type: 'text', value: url }] });
      } else if (kind === 5) out.push({ type: 'link', url: `/x${next(3) ? '' : ' y'}`, children: phrasing(depth + 1) });
      else if (kind === 6) out.push({ type: 'delete', children: phrasing(depth + 1) });
      else out.push({ type: 'break' });
    }
    return out;
  };
  const block = (): RootContent => {
    const kind = next(6);
    if (kind === 0) return { type: 'heading', depth: (1 + next(3)) as 1 | 2 | 3, children: phrasing(0) };
    if (kind === 1) return { type: 'blockquote', children: [{ type: 'paragraph', children: phrasing(0) }] };
    if (kind === 2) return { type: 'list', ordered: false, spread: false, children: [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: phrasing(0) }] }] };
    if (kind === 3) {
      const row = () => ({ type: 'tableRow' as const, children: [{ type: 'tableCell' as const, children: phrasing(1) }, { type: 'tableCell' as const, children: phrasing(1) }] });
      return { type: 'table', children: [row(), row()] };
    }
    return { type: 'paragraph', children: phrasing(0) };
  };
  return (): Root => ({ type: 'root', children: Array.from({ length: 1 + next(3) }, block) });
}

describe('the twin text handler', () => {
  it('escapes text exactly as mdast-util-to-markdown does, in every construct', () => {
    const tree = generator(11);
    for (let i = 0; i < 1000; i++) {
      const root = tree();
      expect(toMarkdown(root, TWIN_MARKDOWN), JSON.stringify(root)).toBe(toMarkdown(root, DEFAULT));
    }
  });

  it('reads the next text as written when it peeks: `!` before an escaped `[` stays as it is', () => {
    const root: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a!' }, { type: 'text', value: '[b' }, { type: 'text', value: ' c' }] }] };
    expect(toMarkdown(root, TWIN_MARKDOWN)).toBe(toMarkdown(root, DEFAULT));
    expect(toMarkdown(root, TWIN_MARKDOWN)).toBe('a!\\[b c\n');
  });

  it('still turns a line ending in inline code into a space where the next line would start a block', () => {
    const root: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a ' }, { type: 'inlineCode', value: 'x\n# y\n- z\nw' }] }] };
    expect(toMarkdown(root, TWIN_MARKDOWN)).toBe(toMarkdown(root, DEFAULT));
    expect(toMarkdown(root, TWIN_MARKDOWN)).toBe('a `x # y - z\nw`\n');
  });
});
