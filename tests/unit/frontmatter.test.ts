import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../packages/engine/src/node/crawl/frontmatter';
import { parseMarkdown } from '../../packages/engine/src/node/markdown/parse-markdown';

const FILE = '/site/content/guide/page.mdx';
const brief = (list: ReturnType<typeof splitFrontmatter>['diagnostics']) => list.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);

describe('splitFrontmatter', () => {
  it('parses valid frontmatter into typed data with no diagnostics', () => {
    const source = '---\ntitle: Accept a payment\ndescription: Charge a card.\nsidebar_position: 2\nsidebar_label: Payments\nhide_table_of_contents: true\ntemplate: doc\nfeed: false\nkeywords: [checkout, card]\n---\n\nBody text.\n';
    const result = splitFrontmatter(source, FILE);
    expect(result.diagnostics).toEqual([]);
    expect(result.data).toEqual({
      title: 'Accept a payment',
      description: 'Charge a card.',
      sidebar_position: 2,
      sidebar_label: 'Payments',
      hide_table_of_contents: true,
      template: 'doc',
      feed: false,
      keywords: ['checkout', 'card'],
    });
  });

  it('blanks the frontmatter instead of cutting it, so every line keeps its number and length', () => {
    const source = '---\ntitle: Hi\ndescription: x\n---\n\n## Install\n\nRun {it}.\n';
    const { body } = splitFrontmatter(source, FILE);
    expect(body.length).toBe(source.length);
    const lines = body.split('\n');
    expect(lines).toEqual(['   ', '         ', '              ', '   ', '', '## Install', '', 'Run {it}.', '']);
    expect(body.slice(source.indexOf('## Install'))).toBe(source.slice(source.indexOf('## Install')));
  });

  it('keeps MDX positions of the body equal to positions in the file', () => {
    const source = '---\ntitle: Hi\n---\n\nText with {expr} here.\n';
    const { body } = splitFrontmatter(source, FILE);
    const { tree, diagnostics } = parseMarkdown(body, FILE);
    expect(diagnostics).toEqual([]);
    const paragraph = tree!.children[0]!;
    expect(paragraph.type).toBe('paragraph');
    expect(paragraph.position?.start).toEqual({ line: 5, column: 1, offset: 19 });
    const expression = (paragraph as { children: Array<{ type: string; position?: { start: { line: number; column: number } } }> }).children[1]!;
    expect(expression.type).toBe('mdxTextExpression');
    expect(expression.position?.start).toMatchObject({ line: 5, column: 11 });
  });

  it('blanks CRLF frontmatter too, and parses it', () => {
    const source = '---\r\ntitle: Windows\r\n---\r\nBody\r\n';
    const result = splitFrontmatter(source, FILE);
    expect(result.data).toEqual({ title: 'Windows' });
    expect(result.body).toBe('    \n               \n    \nBody\r\n');
  });

  it('leaves a file without frontmatter (or with --- later on) untouched', () => {
    for (const source of ['# Title\n\nText.\n', '\n---\ntitle: x\n---\n', 'Intro\n\n---\n\nMore\n']) {
      expect(splitFrontmatter(source, FILE)).toEqual({ data: {}, body: source, diagnostics: [] });
    }
  });

  it('accepts empty frontmatter', () => {
    expect(splitFrontmatter('---\n\n---\nBody', FILE)).toEqual({ data: {}, body: '   \n\n   \nBody', diagnostics: [] });
  });

  it('reports malformed YAML with 1-based file line and column', () => {
    const indented = splitFrontmatter('---\ntitle: Hello\n  bad: x\n---\nBody', FILE);
    expect(brief(indented.diagnostics)).toEqual([`${FILE}:3:6 error FrontmatterSyntax invalid YAML frontmatter: bad indentation of a mapping entry`]);
    expect(indented.data).toEqual({});
    expect(indented.body).toBe('   \n            \n        \n   \nBody');

    const duplicate = splitFrontmatter('---\ndescription: a\ntitle: a\ntitle: b\n---\n', FILE);
    expect(brief(duplicate.diagnostics)).toEqual([`${FILE}:4:1 error FrontmatterSyntax invalid YAML frontmatter: duplicated mapping key`]);

    const unclosed = splitFrontmatter('---\ntitle: Broken\ndescription: [unclosed\n---\n\nBody\n', FILE);
    expect(brief(unclosed.diagnostics)).toEqual([`${FILE}:4:1 error FrontmatterSyntax invalid YAML frontmatter: unexpected end of the stream within a flow collection`]);
  });

  it('rejects frontmatter that is not a mapping', () => {
    const result = splitFrontmatter('---\n- a\n- b\n---\n', FILE);
    expect(brief(result.diagnostics)).toEqual([`${FILE}:2:1 error FrontmatterInvalid frontmatter must be a YAML mapping of keys to values`]);
    expect(result.data).toEqual({});
  });

  it('reports a value of the wrong type on its line and drops the data', () => {
    const result = splitFrontmatter('---\ntitle: Hi\nsidebar_position: first\ntemplate: blog\n---\n', FILE);
    expect(brief(result.diagnostics)).toEqual([
      `${FILE}:3:1 error FrontmatterInvalid frontmatter "sidebar_position": Invalid input: expected number, received string`,
      `${FILE}:4:1 error FrontmatterInvalid frontmatter "template": Invalid option: expected one of "doc"|"home"`,
    ]);
    expect(result.data).toEqual({});
  });

  it('warns about unknown keys on their line but keeps them and the known data', () => {
    const result = splitFrontmatter('---\ntitle: Hi\nslug: custom\n---\n', FILE);
    expect(brief(result.diagnostics)).toEqual([`${FILE}:3:1 warning FrontmatterUnknownKey unknown frontmatter key "slug" (ignored)`]);
    expect(result.data).toEqual({ title: 'Hi', slug: 'custom' });
  });

  it('reports frontmatter that is never closed, and accepts an empty one and a page that starts with a rule', () => {
    expect(brief(splitFrontmatter('---\ntitle: Hi\n\nBody.\n', FILE).diagnostics)).toEqual([`${FILE}:1:1 error FrontmatterSyntax the frontmatter is never closed: end it with a line of three dashes, ---`]);
    const empty = splitFrontmatter('---\n---\nBody.\n', FILE);
    expect([empty.diagnostics, empty.body]).toEqual([[], '   \n   \nBody.\n']);
    expect(splitFrontmatter('---\n\nBody after a rule.\n', FILE).diagnostics).toEqual([]);
  });

  it('reports a repeated key and a list instead of a mapping', () => {
    expect(brief(splitFrontmatter('---\ntitle: A\ntitle: B\n---\n', FILE).diagnostics).map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([`${FILE}:3:1 error FrontmatterSyntax`]);
    expect(brief(splitFrontmatter('---\n- a\n---\n', FILE).diagnostics).map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([`${FILE}:2:1 error FrontmatterInvalid`]);
  });
});
