import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSite, copyFixture, problems, readOut, writeFiles } from '../helpers/fixtures';

// Code blocks and fonts are made on this thread (DOCSGEN_WORKERS=0): each of the many small
// builds here would otherwise start a worker and load shiki into it. A worker makes a build
// faster, never different: highlight-worker.test.ts holds the output to be the same both ways.
process.env.DOCSGEN_WORKERS = '0';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/docsgen');

interface Case {
  name: string;
  files: Record<string, string>;
  /** `file:line:col severity Code` lines that must all be reported. */
  expected: string[];
  /** Diagnostic codes that must not be reported (consequences of the real problem). */
  absent?: string[];
}

const page = (body: string, fm = 'title: Broken\ndescription: A page with a problem.') => `---\n${fm}\n---\n\n${body}\n`;

const cases: Case[] = [
  {
    name: 'malformed frontmatter YAML',
    files: { 'content/guide/broken.mdx': page('Text.', 'title: Broken\ndescription: [unclosed') },
    expected: ['content/guide/broken.mdx:4:1 error FrontmatterSyntax'],
    absent: ['MissingTitle'],
  },
  {
    name: 'frontmatter of the wrong type',
    files: { 'content/guide/broken.mdx': page('Text.', 'title: Broken\nsidebar_position: first') },
    expected: ['content/guide/broken.mdx:3:1 error FrontmatterInvalid'],
  },
  {
    name: 'an MDX syntax error',
    files: { 'content/guide/broken.mdx': page('Some text.\n\n<Card title="x">\n\nunclosed card') },
    expected: ['content/guide/broken.mdx:8:1 error MdxSyntax'],
  },
  {
    name: 'an unknown component',
    files: { 'content/guide/broken.mdx': page('Intro.\n\n<Carousel speed="2" />') },
    expected: ['content/guide/broken.mdx:8:1 error UnknownComponent'],
  },
  {
    name: 'a JS expression in content',
    files: { 'content/guide/broken.mdx': page('The total is {1 + 1} today.') },
    expected: ['content/guide/broken.mdx:6:14 error ExpressionInContent'],
  },
  {
    name: 'an ESM import in content',
    files: { 'content/guide/broken.mdx': page("import X from './x.js'\n\nText.") },
    expected: ['content/guide/broken.mdx:6:1 error EsmInContent'],
  },
  {
    name: 'an expression attribute',
    files: { 'content/guide/broken.mdx': page('<Card title={name} href="/guide">Hi</Card>') },
    expected: ['content/guide/broken.mdx:6:1 error ExpressionInContent'],
  },
  {
    name: 'a link to a missing page',
    files: { 'content/guide/broken.mdx': page('See [nowhere](/guide/nowhere).') },
    expected: ['content/guide/broken.mdx:6:5 error DeadLink'],
  },
  {
    name: 'a relative link to a missing file',
    files: { 'content/guide/broken.mdx': page('Line one.\n\nSee [gone](./gone.mdx).') },
    expected: ['content/guide/broken.mdx:8:5 error DeadLink'],
  },
  {
    name: 'a missing anchor',
    files: { 'content/guide/broken.mdx': page('See [install](/guide/setup#instal).') },
    expected: ['content/guide/broken.mdx:6:5 error DeadAnchor'],
  },
  {
    name: 'two files on one route',
    files: { 'content/guide/setup/index.mdx': page('Duplicate of setup.mdx.') },
    expected: ['content/guide/setup/index.mdx:1:1 error DuplicateRoute'],
  },
  {
    name: 'an unknown variable',
    files: { 'content/guide/broken.mdx': page('Call {{provider.phone}} now.') },
    expected: ['content/guide/broken.mdx:6:6 error UnknownVariable'],
  },
  {
    name: 'a dead link after a variable on the same line, at its column in the file',
    files: { 'content/guide/broken.mdx': page('Call {{provider.name}} at [x](/nowhere) or {{provider.apiTest}} [y](/gone).') },
    expected: ['content/guide/broken.mdx:6:27 error DeadLink', 'content/guide/broken.mdx:6:65 error DeadLink'],
  },
  {
    name: 'a byte order mark before the frontmatter (the frontmatter is still read)',
    files: { 'content/guide/broken.mdx': `\uFEFF${page('See [x](/nowhere).')}` },
    expected: ['content/guide/broken.mdx:6:5 error DeadLink'],
    absent: ['MissingTitle'],
  },
  {
    name: 'an unclosed admonition',
    files: { 'content/guide/broken.mdx': page('Intro.\n\n:::note\n\nText.\n\n## Later heading') },
    expected: ['content/guide/broken.mdx:8:1 error UnclosedAdmonition'],
  },
  {
    name: 'quotes nested 5,000 deep',
    files: { 'content/guide/broken.mdx': page(`${'> '.repeat(5000)}deep`) },
    expected: ['content/guide/broken.mdx:6:65 error NestingTooDeep'],
  },
  {
    name: 'components nested 5,000 deep',
    files: { 'content/guide/broken.mdx': page(`${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`) },
    expected: ['content/guide/broken.mdx:6:161 error NestingTooDeep'],
  },
  {
    name: 'a list nested 1,000 deep',
    files: { 'content/guide/broken.mdx': page(Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n')) },
    expected: ['content/guide/broken.mdx:38:65 error NestingTooDeep'],
  },
  {
    name: 'a page over a megabyte',
    files: { 'content/guide/broken.mdx': page('word '.repeat(250_000)) },
    expected: ['content/guide/broken.mdx:1:1 error FileTooLarge'],
    absent: ['MissingTitle'],
  },
  {
    name: 'an inline include of a partial that is not one paragraph',
    files: { 'content/partials/_blocks.mdx': '## Heading\n\nText.\n', 'content/guide/broken.mdx': page('Read <Include file="partials/_blocks.mdx" /> now.') },
    expected: ['content/guide/broken.mdx:6:6 error IncludeInParagraph'],
  },
  {
    name: 'components and raw HTML in a .md page',
    files: { 'content/guide/broken.md': '# Plain\n\nSee <Card title="x">y</Card> and <b>bold</b>.\n\n<!-- a comment is fine -->\n' },
    expected: ['content/guide/broken.md:3:5 error JsxInMarkdown', 'content/guide/broken.md:3:34 error HtmlInMarkdown'],
  },
  {
    name: 'a missing include',
    files: { 'content/guide/broken.mdx': page('<Include file="partials/nope.mdx" />') },
    expected: ['content/guide/broken.mdx:6:1 error MissingInclude'],
  },
];

const configCases: Array<{ name: string; edit: (source: string) => string; expected: RegExp }> = [
  { name: 'an invalid config value', edit: (s) => s.replace("url: 'https://docs.fixture.example'", "url: 'not a url'"), expected: /^docs-build\.config\.ts:6:8 error ConfigInvalid url: / },
  { name: 'an unknown config key', edit: (s) => s.replace("tagline: 'A tiny site for tests',", "tagline: 'A tiny site for tests',\n  taglne: 'typo',"), expected: /^docs-build\.config\.ts:6:3 error ConfigUnknownKey unknown key taglne/ },
  { name: 'an unknown navbar item type', edit: (s) => s.replace("{ type: 'search' }", "{ type: 'searchbox' }"), expected: /^docs-build\.config\.ts:17:\d+ error ConfigUnknownItemType navbar\.items\[1\]\.type: unknown item type "searchbox"/ },
  { name: 'half of the hosted search credentials', edit: (s) => s.replace('redirects:', "search: { appId: 'APP' },\n  redirects:"), expected: /error ConfigInvalid search\.apiKey: hosted search needs both appId and apiKey/ },
  { name: 'a redirect to a missing page', edit: (s) => s.replace("to: '/guide/setup' }", "to: '/guide/moved' }"), expected: /^docs-build\.config\.ts:\d+:\d+ error DeadLink link to a missing page: \/guide\/moved/ },
];

describe('bad input fails the build with positions and leaves the previous output intact', () => {
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      const root = copyFixture('basic');
      expect((await buildSite(root)).ok).toBe(true);
      const before = readOut(root, 'guide/setup/index.html');
      writeFiles(root, c.files);
      const result = await buildSite(root);
      expect(result.ok).toBe(false);
      const found = problems(result, root);
      for (const line of c.expected) expect(found).toContain(line);
      for (const code of c.absent ?? []) expect(found.filter((l) => l.includes(` ${code}`))).toEqual([]);
      for (const d of result.diagnostics) expect(d.message.length).toBeGreaterThan(10);
      expect(readOut(root, 'guide/setup/index.html')).toBe(before);
      expect(fs.readdirSync(path.dirname(root)).filter((f) => f.startsWith(`${path.basename(root)}`) && f.includes('.tmp-'))).toEqual([]);
    });
  }

  for (const c of configCases) {
    it(`rejects ${c.name}`, async () => {
      const root = copyFixture('basic');
      const file = path.join(root, 'docs-build.config.ts');
      fs.writeFileSync(file, c.edit(fs.readFileSync(file, 'utf8')));
      const result = await buildSite(root);
      expect(result.ok).toBe(false);
      const lines = result.diagnostics.map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
      expect(lines.some((l) => c.expected.test(l)), lines.join('\n')).toBe(true);
    });
  }

  it('reports every problem before failing, and the CLI exits non-zero with file:line:col lines', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/guide/a.mdx': page('See [x](/missing) and [y](/guide/setup#nope).'),
      'content/guide/b.mdx': page('Value {oops}.'),
    });
    const error = await run(process.execPath, [BIN, 'build', '--root', root], { cwd: root }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect('code' in error && error.code).toBe(1);
    const stderr = (error as { stderr: string }).stderr;
    expect(stderr).toContain('content/guide/a.mdx:6:5  error  DeadLink  link to a missing page: /missing');
    expect(stderr).toContain('content/guide/a.mdx:6:23  error  DeadAnchor  link to a missing anchor: /guide/setup#nope');
    expect(stderr).toContain('content/guide/b.mdx:6:7  error  ExpressionInContent');
    expect((error as { stdout: string }).stdout).toContain('Build failed: 3 errors');
    expect(fs.existsSync(path.join(root, 'build'))).toBe(false);
  });

  it('rejects a --root that does not exist or is a file, in every command, with exit code 1', async () => {
    const root = copyFixture('basic');
    const missing = path.join(root, 'no-such-site');
    const file = path.join(root, 'docs-build.config.ts');
    const cases: Array<[string, string, string]> = [
      ['build', missing, 'RootNotFound'],
      ['check', missing, 'RootNotFound'],
      ['serve', missing, 'RootNotFound'],
      ['build', file, 'RootNotAFolder'],
    ];
    for (const [command, where, code] of cases) {
      const error = await run(process.execPath, [BIN, command, '--root', where], { cwd: root }).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect('code' in error && error.code, `${command} --root ${where}`).toBe(1);
      const { stderr } = error as { stderr: string };
      expect(stderr).toContain(`${path.relative(root, where)}  error  ${code}  `);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(fs.existsSync(path.join(missing, 'build'))).toBe(false);
  });

  it('reports a config that throws, reads a throwing getter, exports no object or does not parse: one positioned line each, exit 1, no stack', async () => {
    const root = copyFixture('basic');
    const file = path.join(root, 'docs-build.config.ts');
    const sources: Array<[string, string]> = [
      [`const x = 1;\nthrow new Error('boom');\nexport default {};\n`, 'docs-build.config.ts:2:7  error  ConfigEvaluation  the config file threw while loading: boom'],
      [`export default { url: 'https://x.example', get title(): string { throw new Error('later'); } };\n`, 'docs-build.config.ts:1:72  error  ConfigEvaluation  the config file threw while its values were read: later'],
      [`export default 42;\n`, 'docs-build.config.ts:1:16  error  ConfigInvalid  the config file must default-export the config object, not a number'],
      [`export default { title: 'T' url: 'x' };\n`, 'docs-build.config.ts:1:29  error  ConfigSyntax  Expected "}" but found "url"'],
    ];
    for (const [source, expected] of sources) {
      fs.writeFileSync(file, source);
      const error = await run(process.execPath, [BIN, 'check', '--root', root], { cwd: root }).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect('code' in error && error.code, source).toBe(1);
      const { stderr } = error as { stderr: string };
      expect(stderr.split('\n')[0]).toBe(expected);
      expect(stderr).not.toMatch(/\n\s+at |InternalError/);
    }
  });

  it('expands an <Include> inside a paragraph, of a page or a partial, with a one-paragraph partial inline', async () => {
    const root = copyFixture('basic');
    writeFiles(root, {
      'content/partials/_name.mdx': 'the **{{provider.name}}** API\n',
      'content/partials/_intro.mdx': 'Welcome to <Include file="partials/_name.mdx" />.\n',
      'content/guide/inline.mdx': page('<Include file="partials/_intro.mdx" />\n\nUse <Include file="partials/_name.mdx" /> daily.'),
    });
    const result = await buildSite(root);
    expect(problems(result, root)).toEqual([]);
    const html = readOut(root, 'guide/inline/index.html');
    expect(html).toMatch(/<p>Welcome to (<!-- -->)?the <strong>Fixture Pay<\/strong> API(<!-- -->)?\.<\/p>/);
    expect(html).toMatch(/<p>Use (<!-- -->)?the <strong>Fixture Pay<\/strong> API(<!-- -->)? daily\.<\/p>/);
    expect(html).not.toContain('Include');
  });

  it('names the folder it wrote in the summary line', async () => {
    const root = copyFixture('basic');
    const out = path.join(root, 'elsewhere');
    const { stdout } = await run(process.execPath, [BIN, 'build', '--root', root, '--out', out], { cwd: root });
    expect(stdout).toMatch(/Built \d+ pages into elsewhere \(/);
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true);
  });

  it('check reports the same problems without writing anything', async () => {
    const root = copyFixture('basic');
    writeFiles(root, { 'content/guide/a.mdx': page('See [x](/missing).') });
    const error = await run(process.execPath, [BIN, 'check', '--root', root], { cwd: root }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((error as { code: number }).code).toBe(1);
    expect((error as { stderr: string }).stderr).toContain('content/guide/a.mdx:6:5  error  DeadLink');
    expect(fs.existsSync(path.join(root, 'build'))).toBe(false);
  });
});
