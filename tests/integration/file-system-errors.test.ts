import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteBuilder, formatDiagnostic } from '../../packages/engine/src/node/index';
import { copyFixture } from '../helpers/fixtures';

/** A small tmpfs we can fill or make read-only; null where this process may not mount (not root). */
function mountTmpfs(sizeKiB: number): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) {
    try {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // left for the OS to clean
    }
  }
});

const canMount = (() => {
  const probe = mountTmpfs(64);
  if (probe) mounts.push(probe);
  return probe !== null;
})();

/** Every diagnostic as it prints, for "no stack trace" checks. */
const printed = (list: Parameters<typeof formatDiagnostic>[0][]) => list.map((d) => formatDiagnostic(d, process.cwd())).join('\n');

describe.skipIf(!canMount)('file-system failures are diagnostics, never stack traces (tmpfs; needs root)', () => {
  it('a full disk: FileSystemError naming the file being written, and no half-written version left behind', async () => {
    const disk = mountTmpfs(300)!;
    mounts.push(disk);
    const out = path.join(disk, 'out');
    const result = await new SiteBuilder({ root: copyFixture('basic'), outDir: out, noCache: true }).full();
    expect(result.ok).toBe(false);
    const [problem] = result.diagnostics;
    expect(problem!.code).toBe('FileSystemError');
    expect(problem!.message).toMatch(/cannot write .*\.out\.docsgen\/.+: the disk is full/);
    expect(printed(result.diagnostics)).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(path.join(disk, '.out.docsgen'))).toEqual(['docsgen-output-store']);
  });

  it('a read-only file system: FileSystemError on the folder, the previous site untouched', async () => {
    const disk = mountTmpfs(20_000)!;
    mounts.push(disk);
    const out = path.join(disk, 'out');
    const root = copyFixture('basic');
    expect((await new SiteBuilder({ root, outDir: out, noCache: true }).full()).ok).toBe(true);
    const before = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    execFileSync('mount', ['-o', 'remount,ro', disk]);
    const result = await new SiteBuilder({ root, outDir: out, noCache: true }).full();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['FileSystemError']);
    expect(result.diagnostics[0]!.message).toContain('the file system is read-only');
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe(before);
  });
});

describe('a folder where a file was expected, and the other way round', () => {
  it('static/ is a file, --out is under a file: one FileSystemError each, no stack', async () => {
    const root = copyFixture('basic');
    fs.writeFileSync(path.join(root, 'static'), 'not a folder');
    const staticFile = await new SiteBuilder({ root, noCache: true }).full();
    expect(staticFile.diagnostics.map((d) => `${path.relative(root, d.file)} ${d.code}`)).toEqual(['static FileSystemError']);
    fs.rmSync(path.join(root, 'static'));
    const underFile = await new SiteBuilder({ root, outDir: path.join(root, 'docs-build.config.ts', 'out'), noCache: true }).full();
    expect(underFile.diagnostics.map((d) => d.code)).toEqual(['FileSystemError']);
    expect(printed([...staticFile.diagnostics, ...underFile.diagnostics])).not.toMatch(/InternalError|^\s+at /m);
  });
});
