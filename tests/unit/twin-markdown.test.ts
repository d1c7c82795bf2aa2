import { describe, expect, it } from 'vitest';
import { toMarkdown } from 'mdast-util-to-markdown';
import { htmlToMarkdown, htmlToMarkdownSlow, plainParagraphMdast } from '../../packages/engine/src/node/agents/html-markdown';
import { markdownToHtml } from '../../packages/engine/src/node/markdown/markdown-to-html';
import { TWIN_MARKDOWN } from '../../packages/engine/src/node/markdown/markdown-twin';
import { portalSpecDescriptions } from '../helpers/spec-descriptions';
import { seededRandom } from '../helpers/seeded';

/** The fast path's Markdown, or null when it declines the HTML. */
const fast = (html: string): string | null => {
  const tree = plainParagraphMdast(html);
  return tree ? toMarkdown(tree, TWIN_MARKDOWN).trim() : null;
};

describe('description HTML to Markdown for the twins', () => {
  it('writes every description of the portal spec as the full conversion does, and reads most without parse5', () => {
    const texts = portalSpecDescriptions();
    let taken = 0;
    let seen = 0;
    for (const text of texts) {
      // As the page renders it (block and inline), and with the theme's class on code spans.
      for (const html of [markdownToHtml(text), markdownToHtml(text, true)].flatMap((h) => [h, h.replaceAll('<code>', '<code class="code-short">')])) {
        seen++;
        const markdown = fast(html);
        if (markdown === null) continue;
        taken++;
        expect(markdown, html).toBe(htmlToMarkdownSlow(html));
      }
    }
    expect(taken / seen).toBeGreaterThan(0.5);
  });

  it('agrees with the full conversion on generated text: whitespace, entities, escapes, code spans', () => {
    const pieces = ['a', 'b', ' ', '  ', '\n', '.', ':', '*', '_', '`', '&amp;', '&lt;', '&gt;', '&quot;', '&#x27;', '1.', '-', '#', '[', ']', '(', ')', 'http://', 'www.', 'x@y.z', '!', '|', '~', '\\', '+', '=', '>', '\t', '&nbsp;', '<code>a</code>', '<code> b</code>', '<code>c </code>', '<code class="code-short">d&amp;e</code>', '<code>`</code>', '<code>f  g</code>', '<code>h\ni</code>', '<code>#</code>', '<a href="/j">k</a>', '<a href="https://x.example/l?m=1&amp;n=2#o">p q</a>', '<a href="/r"> s</a>', '<a href="/t">u&amp;v</a>', '<a href="/w">*x*</a>', '<a href="">y</a>', '<a href="/z" title="t">a</a>'];
    const next = seededRandom(7);
    let taken = 0;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      for (let j = 1 + next(8); j > 0; j--) text += pieces[next(pieces.length)];
      for (const html of [text, `<p>${text}</p>`]) {
        const markdown = fast(html);
        if (markdown === null) continue;
        taken++;
        expect(markdown, JSON.stringify(html)).toBe(htmlToMarkdownSlow(html));
      }
    }
    expect(taken).toBeGreaterThan(1500);
  });

  it('leaves other markup, edge whitespace and unknown entities to the full conversion', () => {
    for (const html of ['<p><strong>Draft.</strong> x</p>', '<p>a</p>\n<p>b</p>', '<p> a</p>', '<p>a <code> b</code></p>', '<p>a&nbsp;b</p>', '<p>a', 'a</p>', '<ul><li>a</li></ul>']) expect(plainParagraphMdast(html), html).toBeNull();
  });

  it('answers the same for a repeated description, and nothing for an empty one', () => {
    const html = '<p>The <code>amount</code> in <em>minor</em> units: 1. not a list</p>';
    expect(htmlToMarkdown(html)).toBe(htmlToMarkdownSlow(html));
    expect(htmlToMarkdown(html)).toBe('The `amount` in _minor_ units: 1. not a list');
    expect(htmlToMarkdown(undefined)).toBe('');
    expect(htmlToMarkdown(' \n')).toBe('');
  });
});
