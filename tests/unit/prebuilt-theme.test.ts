import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prebuiltTheme, PREBUILT_THEME_FILE } from '../../packages/engine/src/node/client-build/prebuilt-theme';
import { bundleScripts, minifyStyles } from '../../packages/engine/src/node/client-build/build-client';
import { bundleTemplates } from '../../packages/engine/src/node/render/load-templates';
import { writePrebuiltTheme } from '../../packages/engine/src/node/workers/theme-worker';

/*
 * The default theme's bundles made with the CLI (client-build/prebuilt-theme.ts) stand in for
 * esbuild only while they are what esbuild would make now. A small theme of its own (the default
 * theme imports the engine by relative paths, so it cannot be copied out of the checkout).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-prebuilt-'));
const theme = path.join(work, 'theme');
const cli = path.join(work, 'cli');
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(theme, file)), { recursive: true });
  fs.writeFileSync(path.join(theme, file), text);
};
write('index.tsx', "import { label } from './label';\nexport const templates = {};\nexport const components = {};\nexport const contentComponents = [label];\n");
write('label.ts', "export const label = 'Callout';\n");
write('styles.css', 'body { color: rgb(10, 20, 30); }\n');

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the prebuilt theme', () => {
  it('holds what esbuild makes of the theme, and stands in for it only while every file is as it was', async () => {
    await writePrebuiltTheme(cli, theme);
    const made = prebuiltTheme(theme, cli);
    expect(made).not.toBeNull();
    expect(made!.templates.code).toBe((await bundleTemplates(theme)).code);
    expect(made!.templates.code).toContain('Callout');
    const scripts = await bundleScripts(theme);
    expect([...made!.scripts.files]).toEqual([...scripts.files]);
    expect(made!.scripts.js).toBe(scripts.js);
    expect(made!.styles).toEqual(await minifyStyles(theme));

    // not for another theme, nor without the CLI's folder
    expect(prebuiltTheme(path.join(work, 'elsewhere'), cli)).toBeNull();
    expect(prebuiltTheme(theme, undefined)).toBeNull();

    // a file of the theme edited: esbuild again; put back: the prebuilt bundles again
    write('label.ts', "export const label = 'Edited';\n");
    expect(prebuiltTheme(theme, cli)).toBeNull();
    write('label.ts', "export const label = 'Callout';\n");
    expect(prebuiltTheme(theme, cli)).not.toBeNull();
    write('styles.css', 'body { color: red; }\n');
    expect(prebuiltTheme(theme, cli)).toBeNull();
    write('styles.css', 'body { color: rgb(10, 20, 30); }\n');

    // an island added (no bundle's input yet) or an error boundary: esbuild again
    write('islands/Counter.tsx', 'export default function Counter() { return null; }\n');
    expect(prebuiltTheme(theme, cli)).toBeNull();
    fs.rmSync(path.join(theme, 'islands'), { recursive: true });
    expect(prebuiltTheme(theme, cli)).not.toBeNull();
    write('components/ErrorBoundary.tsx', 'export function ErrorBoundary() { return null; }\n');
    expect(prebuiltTheme(theme, cli)).toBeNull();
    fs.rmSync(path.join(theme, 'components'), { recursive: true });

    // a file of the theme removed
    fs.renameSync(path.join(theme, 'label.ts'), path.join(theme, 'label.tmp'));
    expect(prebuiltTheme(theme, cli)).toBeNull();
    fs.renameSync(path.join(theme, 'label.tmp'), path.join(theme, 'label.ts'));
    expect(prebuiltTheme(theme, cli)).not.toBeNull();
  }, 60_000);

  it('is ignored when its file is cut short or of another version', () => {
    const cut = path.join(work, 'cut');
    fs.mkdirSync(cut);
    fs.writeFileSync(path.join(cut, PREBUILT_THEME_FILE), '{"version": 1, "templatesDir": ');
    expect(prebuiltTheme(theme, cut)).toBeNull();
    const old = path.join(work, 'old');
    fs.mkdirSync(old);
    const file = JSON.parse(fs.readFileSync(path.join(cli, PREBUILT_THEME_FILE), 'utf8')) as { version: number };
    fs.writeFileSync(path.join(old, PREBUILT_THEME_FILE), JSON.stringify({ ...file, version: 0 }));
    expect(prebuiltTheme(theme, old)).toBeNull();
  });
});
