import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import { parseLean, withoutCodeBodies } from '../../packages/engine/src/node/markdown/code-bodies';
import { parseMarkdown } from '../../packages/engine/src/node/markdown/parse-markdown';
import { splitFrontmatter } from '../../packages/engine/src/node/crawl/frontmatter';

/*
 * Parsing without the code blocks' bodies must give exactly micromark's tree of the whole text,
 * positions included, or decline (null) so that the whole text is parsed.
 */

const repo = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The first difference of the two trees' JSON, with some context, or '' when they are the same. */
function difference(a: Root | null, b: Root | null): string {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  if (x === y) return '';
  let i = 0;
  while (x[i] === y[i]) i++;
  return `${x.slice(Math.max(0, i - 200), i + 80)}\n  whole: ${y.slice(Math.max(0, i - 200), i + 80)}`;
}

/** parseLean's tree, checked against the whole text's; whether the lean parse was taken. */
function same(text: string, file: string): boolean {
  const lean = parseLean(text, file);
  const whole = parseMarkdown(text, file);
  if (lean) expect(difference(lean.tree, whole.tree), `${file}\n${text}`).toBe('');
  return lean !== null;
}

describe('parsing without code bodies', () => {
  it("gives the whole text's tree for every page of the portal and the fixtures, and is taken for almost all of them", () => {
    const files = [...markdownFiles(path.join(repo, 'content')), ...markdownFiles(path.join(repo, 'tests/fixtures'))];
    let withBlocks = 0;
    let lean = 0;
    for (const file of files) {
      // The build substitutes {{provider.…}} before parsing (an MDX expression otherwise).
      const body = splitFrontmatter(fs.readFileSync(file, 'utf8').replace(/\{\{\s*[\w.]+\s*\}\}/g, 'https://api.example'), file).body;
      if (withoutCodeBodies(body)) withBlocks++;
      if (same(body, file)) lean++;
    }
    expect(withBlocks).toBeGreaterThan(45);
    // Only pages whose text stops being certain (an MDX syntax error in a fixture) are parsed whole.
    expect(lean).toBeGreaterThan(withBlocks * 0.9);
  });

  const taken: Array<[string, string]> = [
    ['a block after a paragraph, with tabs, blank lines and a closing fence with spaces after it', 'Text\n```js\n\tindented\n\n  two\n```   \nafter *this*'],
    ['a longer closing fence, a tilde fence with backticks in it', '```\nx\n`````\n\n~~~ts title="a"\n``not a fence\n~~~\n'],
    ['a block whose body is one empty line', '```\n\n```\n'],
    ['a block after a list item and after a blockquote (both end before it)', '- item\n```\nb\n```\n\n> quote\n```\nc\n```\n'],
    ['a closing fence indented by three spaces', '```\nx\n   ```\n# Heading'],
    ['blocks inside JSX elements', '<Tabs>\n<Tab title="a">\n```js\nlet a = 1;\n```\n</Tab>\n</Tabs>\n\nAfter <b>x</b>.'],
  ];
  for (const [name, text] of taken) {
    it(`takes ${name} out, with the same tree`, () => {
      const file = name.includes('JSX') ? 'page.mdx' : 'page.md';
      expect(same(text, file)).toBe(true);
    });
  }

  const declined: Array<[string, string, string]> = [
    ['a fence inside an HTML block', '<div>\n```js\nx\n```\n</div>\n', 'page.md'],
    ['a fence inside <pre>', '<pre>\n```\nx\n```\n</pre>\n', 'page.md'],
    ['a body holding a line like a fence (nested fences)', '````md\n```js\nx\n```\n````\n', 'page.md'],
    ['a body holding a fence indented four spaces', '```\nx\n    ```\n```\n', 'page.mdx'],
    ['a fence inside a directive container, whose `:::` would close it', ':::note\n```\nx\n:::\n```\n:::\n', 'page.md'],
    ['a fence inside a blockquote, lazily', '> ```\n> a\n```\nb\n```\n', 'page.md'],
    ['an unclosed fence', 'a\n\n```\nx\ny\n', 'page.md'],
    ['a backtick fence whose info has a backtick (a paragraph)', '```a`b\nx\n```\n', 'page.md'],
    ['a fence in a multi-line MDX expression', '{\n```\nx\n```\n}\n', 'page.mdx'],
    ['CRLF line endings', '```\r\nx\r\n```\r\n', 'page.md'],
    ['a NUL in a body', '```\nx\0y\n```\n', 'page.md'],
  ];
  for (const [name, text, file] of declined) {
    it(`gives the whole text's tree or declines: ${name}`, () => {
      same(text, file);
    });
  }

  it('declines what it cannot be certain of', () => {
    expect(parseLean('<div>\n```js\nx\n```\n</div>\n', 'page.md')).toBeNull();
    expect(parseLean(':::note\n```\nx\n:::\n```\n:::\n', 'page.md')).toBeNull();
    expect(parseLean('```\r\nx\r\n```\r\n', 'page.md')).toBeNull();
    expect(parseLean('````md\n```js\nx\n```\n````\n', 'page.md')).toBeNull();
  });

  it('puts the bodies back as they were, and positions after them where they are in the text', () => {
    const text = 'A\n\n```js\nconst a = 1;\n\tb();\n```\n\n[link](/x)\n';
    const lean = parseLean(text, 'page.md')!;
    const [, code, paragraph] = lean.tree.children;
    expect(code).toMatchObject({ type: 'code', lang: 'js', value: 'const a = 1;\n\tb();' });
    expect(paragraph!.position!.start).toEqual({ line: 8, column: 1, offset: text.indexOf('[link]') });
  });
});
