import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures';

/*
 * The CLI runs WebAssembly on V8's baseline compiler only (packages/cli/src/engine-flags.ts), but
 * not where that compiler cannot compile everything: on an x64 CPU without SSE4.1 the flag would
 * make the first harfbuzz or resvg function a fatal error of the process. Node's
 * `--no-enable-sse4-1` makes V8 treat this CPU as one of those.
 */
const BIN = path.resolve(import.meta.dirname, '../../bin/docsgen');
const run = promisify(execFile);

/** The api fixture with a web font (harfbuzz) and social cards (resvg), built by the CLI in a process of its own. */
async function buildWith(nodeFlags: string[]): Promise<Map<string, Buffer>> {
  const root = copyFixture('api');
  const config = path.join(root, 'docs-build.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  fs.writeFileSync(config, text.replace("  title: 'api fixture',\n", "  title: 'api fixture',\n  socialCards: true,\n  font: { package: '@fontsource-variable/inter', stylesheet: 'wght.css' },\n"));
  expect(fs.readFileSync(config, 'utf8')).toContain('socialCards: true');
  await run(process.execPath, [...nodeFlags, BIN, 'build', '--root', root, '--no-cache'], { cwd: root });
  const out = path.join(root, 'build');
  const files = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(png|woff2)$/.test(f));
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(out, f))]));
}

describe('WebAssembly on the baseline compiler', () => {
  it('draws the same cards and subsets the same font with it and on a CPU it cannot serve alone', async () => {
    const [baseline, withoutSse41] = await Promise.all([buildWith([]), buildWith(['--no-enable-sse4-1'])]);
    expect([...baseline.keys()].filter((f) => f.endsWith('.png')).length).toBeGreaterThan(5);
    expect([...baseline.keys()].filter((f) => f.endsWith('.woff2')).length).toBe(1);
    expect([...withoutSse41.keys()].sort()).toEqual([...baseline.keys()].sort());
    for (const [file, bytes] of baseline) expect(withoutSse41.get(file)!.equals(bytes), file).toBe(true);
  }, 180_000);
});
