import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSite, copyFixture, problems, readOut, writeFiles } from '../helpers/fixtures';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/docsgen');

/**
 * A fixture site whose config has `plugins` (TypeScript source of config keys) and that can import
 * packages from npm, as a real site does from its own node_modules.
 */
function siteWithPlugins(fixture: string, imports: string, plugins: string): string {
  const root = copyFixture(fixture);
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const file = path.join(root, 'docs-build.config.ts');
  const config = fs.readFileSync(file, 'utf8').replace("import { defineConfig } from 'docsgen/config';", `import { defineConfig } from 'docsgen/config';\n${imports}`);
  fs.writeFileSync(file, config.replace('export default defineConfig({', `export default defineConfig({\n  ${plugins}`));
  return root;
}

/** Every HTML file of the API reference (`build/api/…`). */
const apiPages = (root: string): string[] =>
  (fs.readdirSync(path.join(root, 'build/api'), { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => fs.readFileSync(path.join(root, 'build/api', f), 'utf8'));

const EXTERNAL = "import rehypeExternalLinks from 'rehype-external-links';";
/** A remark plugin written in the config: appends a heading and a link, as a plugin may. */
const ADD_SECTION = `
function remarkSeeAlso() {
  return (tree: { children: unknown[] }) => {
    tree.children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: 'See also' }] });
    tree.children.push({ type: 'paragraph', children: [{ type: 'link', url: '/guide/setup#missing-anchor', children: [{ type: 'text', value: 'setup' }] }] });
  };
}`;

describe('remarkPlugins and rehypePlugins from the config', () => {
  it('runs a plugin from npm on content and on OpenAPI descriptions', async () => {
    const root = siteWithPlugins('api', EXTERNAL, "rehypePlugins: [[rehypeExternalLinks, { target: '_blank', rel: ['noopener'] }]],");
    fs.appendFileSync(path.join(root, 'content/index.mdx'), '\nSee [the example](https://example.com/x) and [home](/).\n');
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('description: Move money.', 'description: Move money, see [the rules](https://example.com/rules).'));
    const result = await buildSite(root);
    expect(problems(result, root)).toEqual([]);
    const page = readOut(root, 'index.html');
    expect(page).toContain('<a href="https://example.com/x" rel="noopener" target="_blank">');
    expect(page).toMatch(/<a href="\/">home<\/a>/);
    expect(apiPages(root).some((html) => html.includes('<a href="https://example.com/rules" rel="noopener" target="_blank">'))).toBe(true);
  });

  it('runs remark plugins before headings and links are collected: what they add gets an id and is checked', async () => {
    const root = siteWithPlugins('basic', ADD_SECTION, 'remarkPlugins: [remarkSeeAlso],');
    const result = await buildSite(root);
    // The added heading has its id on every page; the added link to a missing anchor is a DeadAnchor
    // on each page (at the page: a node a plugin makes has no position in the file).
    expect(result.graph?.pages['/guide']?.headings.map((h) => h.id)).toContain('see-also');
    expect(problems(result, root).sort()).toEqual(['content/changelog.mdx', 'content/guide/index.mdx', 'content/guide/setup.mdx', 'content/index.mdx'].map((f) => `${f}:-:- error DeadAnchor`));
  });

  it('reports a plugin that throws as one positioned PluginError naming the plugin and the page, exit code 1', async () => {
    const boom = `function remarkBoom() {\n  return (tree: any, file: any) => {\n    if (file.path.endsWith('setup.mdx')) file.fail('setup pages are not allowed', tree.children[1]);\n    if (file.path.endsWith('index.mdx')) throw new TypeError('cannot read the page');\n  };\n}`;
    const root = siteWithPlugins('basic', boom, 'remarkPlugins: [remarkBoom],');
    const failure = await run(BIN, ['build', '--root', root]).then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    const output = `${failure?.stdout}${failure?.stderr}`;
    expect(output).toMatch(/content\/guide\/setup\.mdx:\d+:1 {2}error {2}PluginError {2}remark plugin remarkBoom failed on guide\/setup\.mdx: setup pages are not allowed/);
    expect(output).toContain('content/index.mdx:1:1  error  PluginError  remark plugin remarkBoom failed on index.mdx: TypeError: cannot read the page');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('recompiles pages and the API reference when a plugin option changes (persistent cache on)', async () => {
    const root = siteWithPlugins('api', EXTERNAL, "rehypePlugins: [[rehypeExternalLinks, { target: '_blank' }]],");
    fs.appendFileSync(path.join(root, 'content/index.mdx'), '\nSee [the example](https://example.com/x).\n');
    const spec = path.join(root, 'specs/payments.yaml');
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('Send a bearer key.', 'Send a bearer key, see [keys](https://example.com/keys).'));
    const overview = () => apiPages(root).filter((html) => html.includes('https://example.com/keys'));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toContain('target="_blank"');
    expect(overview().length).toBeGreaterThan(0);
    expect(overview().every((html) => /<a href="https:\/\/example\.com\/keys"[^>]* target="_blank">/.test(html))).toBe(true);
    const file = path.join(root, 'docs-build.config.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("target: '_blank'", "target: '_top'"));
    expect((await buildSite(root, { noCache: false })).ok).toBe(true);
    expect(readOut(root, 'index.html')).toContain('target="_top"');
    expect(readOut(root, 'index.html')).not.toContain('target="_blank"');
    expect(overview().every((html) => /<a href="https:\/\/example\.com\/keys"[^>]* target="_top">/.test(html))).toBe(true);
  });

  it('caches a page as it compiled when its file is saved while the build runs (persistent cache on)', async () => {
    // A plugin stands in for an author who saves the page while it compiles: the build reads the
    // old text, the file then holds the new one. The next build must compile the new text, not
    // reuse the old page under the new file's fingerprint.
    const SAVE_MID_BUILD = `
function remarkSaveMidBuild() {
  return (tree: { children: Array<{ type: string; children?: Array<{ value?: string }> }> }) => {
    const page = 'content/guide/setup.mdx';
    if (!tree.children.some((n) => n.type === 'heading' && n.children?.[0]?.value === 'Install') || fs.existsSync('saved.txt')) return;
    fs.writeFileSync('saved.txt', '');
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace('Use Homebrew.', 'Use the installer.'));
  };
}`;
    const root = siteWithPlugins('basic', `import fs from 'node:fs';\n${SAVE_MID_BUILD}`, 'remarkPlugins: [remarkSaveMidBuild],');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(problems(await buildSite(root, { noCache: false }), root)).toEqual([]);
      expect(readOut(root, 'guide/setup/index.html')).toContain('Use Homebrew.');
      expect(problems(await buildSite(root, { noCache: false }), root)).toEqual([]);
      expect(readOut(root, 'guide/setup/index.html')).toContain('Use the installer.');
    } finally {
      process.chdir(cwd);
    }
  });
});
