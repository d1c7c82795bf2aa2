import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteBehind } from '../../packages/engine/src/node/emit/write-behind';

/*
 * A disk build hands its files to a second thread, which makes their folders and writes them from
 * a shared ring of bytes (emit/write-behind.ts), and creates the pages' files ahead while they
 * compile. What lands on disk must be exactly what was handed over, reservations nobody used must
 * leave no trace, and a failure there must come back here as the error Node would have thrown.
 */

const dirs: string[] = [];
const writers: WriteBehind[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) writer.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function start(): { writer: WriteBehind; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-write-behind-'));
  dirs.push(dir);
  const writer = WriteBehind.start();
  if (!writer) throw new Error('no writer thread (one core, or DOCSGEN_WORKERS=0)');
  writers.push(writer);
  return { writer, dir };
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('base64url');

/** Hands a file over, waiting (a few milliseconds at a time) while the ring is full. */
function handOver(writer: WriteBehind, file: string, contents: string | Buffer): { bytes: number; hash: string } {
  for (;;) {
    const written = writer.write(file, contents, null);
    if (written) return written;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
  }
}

/** Every file under `dir`, relative, sorted. */
const filesUnder = (dir: string) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

describe.skipIf(os.availableParallelism() < 2 || process.env.DOCSGEN_WORKERS === '0')('WriteBehind', () => {
  it('writes each file with its bytes and hash, text and bytes, through many turns of the ring', () => {
    const { writer, dir } = start();
    const expected = new Map<string, Buffer>();
    // 15 MB in all, in sizes that do not divide the ring's 4 MB, so files start and wrap at many places.
    for (let i = 0; i < 120; i++) {
      const file = path.join(dir, `section-${i % 7}`, `page-${i}`, 'index.html');
      const text = `<p>Zahlung ${i} – 支払い ✓</p>`.repeat(1 + ((i * 7919) % 5000));
      const contents = i % 3 ? text : Buffer.from(text);
      const written = handOver(writer, file, contents);
      expect(written).toEqual({ bytes: Buffer.byteLength(text), hash: sha1(text) });
      expected.set(file, Buffer.from(text));
    }
    writer.drain();
    for (const [file, bytes] of expected) expect(fs.readFileSync(file).equals(bytes), file).toBe(true);
    expect(filesUnder(dir)).toHaveLength(120);
  });

  it('leaves to the caller a file too large for the ring, and one that finds the ring full', () => {
    const { writer, dir } = start();
    expect(writer.write(path.join(dir, 'large.json'), 'x'.repeat(2 * 1024 * 1024), null)).toBeNull();
    // The thread is busy creating files: 5 MB handed over at once cannot all wait in the 4 MB ring.
    writer.reserve(Array.from({ length: 3000 }, (_, i) => path.join(dir, 'reserved', `p-${i}.html`)));
    const left = Array.from({ length: 5 }, (_, i) => writer.write(path.join(dir, `page-${i}.html`), String(i).repeat(1024 * 1024), null));
    expect(left.slice(0, 4).every(Boolean)).toBe(true);
    expect(left[4]).toBeNull();
    writer.drain();
    expect(fs.readdirSync(dir).sort()).toEqual(['page-0.html', 'page-1.html', 'page-2.html', 'page-3.html']);
  });

  it('removes at the drain the reserved files nobody wrote, and the folders made only for them', () => {
    const { writer, dir } = start();
    const at = (file: string) => path.join(dir, file);
    writer.reserve([at('guide/start/index.html'), at('guide/start.md'), at('guide/unused/index.html'), at('guide/unused.md'), at('gone/deep/er/index.html')]);
    writer.write(at('guide/start/index.html'), '<h1>Start</h1>', null);
    // A file this thread writes itself over a reservation is said so (DiskSink makes its folder first, as here).
    fs.mkdirSync(at('guide'), { recursive: true });
    fs.writeFileSync(at('guide/start.md'), '# Start\n');
    writer.wrote(at('guide/start.md'));
    writer.drain();
    expect(filesUnder(dir)).toEqual(['guide/start.md', 'guide/start/index.html']);
    expect(fs.readdirSync(at('guide')).sort()).toEqual(['start', 'start.md']);
    expect(fs.existsSync(at('gone'))).toBe(false);
    expect(fs.readFileSync(at('guide/start/index.html'), 'utf8')).toBe('<h1>Start</h1>');
  });

  it('links a file from the previous version when it holds the same bytes, over a reservation too, and writes it otherwise', () => {
    const { writer, dir } = start();
    const before = path.join(dir, 'previous');
    fs.mkdirSync(before);
    fs.writeFileSync(path.join(before, 'same.html'), 'unchanged');
    fs.writeFileSync(path.join(before, 'changed.html'), 'old');
    const next = path.join(dir, 'next');
    writer.reserve([path.join(next, 'same.html')]);
    writer.write(path.join(next, 'same.html'), 'unchanged', path.join(before, 'same.html'));
    writer.write(path.join(next, 'changed.html'), 'new', path.join(before, 'changed.html'));
    writer.drain();
    expect(fs.statSync(path.join(next, 'same.html')).ino).toBe(fs.statSync(path.join(before, 'same.html')).ino);
    expect(fs.statSync(path.join(next, 'changed.html')).ino).not.toBe(fs.statSync(path.join(before, 'changed.html')).ino);
    expect(fs.readFileSync(path.join(next, 'changed.html'), 'utf8')).toBe('new');
  });

  it("throws the thread's failure as Node's error, with its code, call and path, and writes nothing after it", () => {
    const { writer, dir } = start();
    fs.writeFileSync(path.join(dir, 'a-file'), '');
    writer.write(path.join(dir, 'a-file', 'page', 'index.html'), '<p>under a file</p>', null);
    writer.write(path.join(dir, 'after', 'index.html'), '<p>after</p>', null);
    let thrown: NodeJS.ErrnoException | undefined;
    try {
      writer.drain();
    } catch (error) {
      thrown = error as NodeJS.ErrnoException;
    }
    expect(thrown?.code).toBe('ENOTDIR');
    expect(thrown?.syscall).toBe('mkdir');
    expect(thrown?.path).toContain(path.join(dir, 'a-file'));
    expect(() => writer.write(path.join(dir, 'later', 'index.html'), 'x', null)).toThrow(thrown!.message);
    expect(fs.existsSync(path.join(dir, 'after'))).toBe(false);
  });

  it('stops: what is not written yet is dropped, and nothing is written after stop returns', async () => {
    const { writer, dir } = start();
    writer.reserve(Array.from({ length: 3000 }, (_, i) => path.join(dir, `p-${i}`, 'index.html')));
    writer.stop();
    const count = fs.readdirSync(dir).length;
    expect(count).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.readdirSync(dir).length).toBe(count);
  });

  it.skipIf(process.platform !== 'linux')('runs below the build\'s own threads: its thread alone has niceness 10', async () => {
    const niceness = () => fs.readdirSync(`/proc/${process.pid}/task`).map((task) => Number(fs.readFileSync(`/proc/${process.pid}/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
    expect(niceness().filter((n) => n === 10)).toEqual([]);
    const { writer, dir } = start();
    writer.write(path.join(dir, 'index.html'), '<p>up</p>', null);
    writer.drain();
    expect(niceness().filter((n) => n === 10)).toEqual([10]);
    expect(niceness()).toContain(0);
  });
});
