import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../packages/engine/src/node/index';
import { writeFiles } from '../helpers/fixtures';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-watch-theme-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/*
 * `serve --watch` reloads the config and rebundles the theme when one of their files changes. The bundle's inputs listed
 * React's stand-ins (`docsgen-react:/…`), which are no files: the key of the theme's files could
 * not be read, was '' before and after every edit, and an edited template changed no page.
 */
describe('a watch session, its config and its theme', () => {
  it('renders every page again with a template edited, in a file the entry imports', async () => {
    writeFiles(root, {
      'content/index.md': '# Home\n\nWelcome.\n',
      'content/guide.md': '# Guide\n\nSee [home](/).\n',
      'templates/index.tsx': [
        "import { mark } from './mark';",
        'export const templates = { doc: ({ content }: { content: unknown }) => <main>{content as never}<p className="mark">{mark}</p></main> };',
        'export const components = {};',
        'export const contentComponents: string[] = [];',
        '',
      ].join('\n'),
      'templates/mark.ts': "export const mark = 'first version';\n",
      'templates/styles.css': 'main { margin: 0; }\n',
    });
    const builder = new SiteBuilder({ root, devScript: 'void 0', output: 'memory', noCache: true });
    const first = await builder.full();
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(String(first.output?.files.get('index.html'))).toContain('first version');
    expect(builder.fullRebuildFiles).toContain(path.join(root, 'templates/mark.ts'));
    expect(builder.fullRebuildFiles.every((file) => fs.existsSync(file))).toBe(true);

    fs.writeFileSync(path.join(root, 'templates/mark.ts'), "export const mark = 'second version';\n");
    const second = await builder.update([path.join(root, 'templates/mark.ts')]);
    expect(String(second.output?.files.get('index.html'))).toContain('second version');
    expect(second.changedRoutes).toEqual(second.graph?.routes);
  }, 60_000);

  it('reloads the config when a file of the site it imports changes (a local plugin, shared values)', async () => {
    const site = path.join(root, 'with-config');
    writeFiles(site, {
      'content/index.md': '# Home\n\nWelcome.\n',
      'docs-build.config.ts': "import { defineConfig } from 'docsgen/config';\nimport { title } from './site-values';\nexport default defineConfig({ title, url: 'https://docs.example' });\n",
      'site-values.ts': "export const title = 'First title';\n",
    });
    const builder = new SiteBuilder({ root: site, devScript: 'void 0', output: 'memory', noCache: true });
    const first = await builder.full();
    expect(String(first.output?.files.get('index.html'))).toContain('First title');
    expect(builder.fullRebuildFiles).toEqual(expect.arrayContaining([path.join(site, 'docs-build.config.ts'), path.join(site, 'site-values.ts')]));
    expect(builder.fullRebuildFiles.some((file) => file.includes('node_modules'))).toBe(false);

    fs.writeFileSync(path.join(site, 'site-values.ts'), "export const title = 'Second title';\n");
    const second = await builder.update([path.join(site, 'site-values.ts')]);
    expect(String(second.output?.files.get('index.html'))).toContain('Second title');
    expect(String(second.output?.files.get('index.html'))).not.toContain('First title');
  }, 60_000);
});
