import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DiskSink } from '../../packages/engine/src/node/emit/disk-sink';
import { DirCache } from '../../packages/engine/src/node/cache/dir-cache';
import type { OutputRecord } from '../../packages/engine/src/node/emit/output-record';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-record-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

let n = 0;
/** A fresh output path, its record cache, and a first build published into it. */
async function published(files: Record<string, [text: string, madeFrom?: string]>) {
  const dir = path.join(tmp, `site-${n++}`);
  const out = path.join(dir, 'build');
  const records = new DirCache<OutputRecord>(path.join(dir, '.docsgen/outputs'));
  const first = new DiskSink(out, records);
  for (const [file, [text, madeFrom]] of Object.entries(files)) first.write(file, text, madeFrom);
  await first.commit();
  return { out, records, first };
}

const page = '<!doctype html><p>page one</p>\n';

describe('the record of the published output', () => {
  it('keeps a page made from the same key unread: linked from the published version, with its hash and size', async () => {
    const { out, records, first } = await published({ 'a/index.html': [page, 'key-a'], 'b.txt': ['b'] });
    const sink = new DiskSink(out, records); // reads the record
    const read = vi.spyOn(fs, 'readFileSync');
    expect(sink.reuse('a/index.html', 'key-a', () => 'facts of a')).toBe('facts of a');
    // the same file as the published one, not a copy
    expect(fs.statSync(path.join(sink.dir, 'a/index.html')).ino).toBe(fs.statSync(path.join(out, 'a/index.html')).ino);
    expect(sink.manifest.get('a/index.html')).toBe(first.manifest.get('a/index.html'));
    expect(sink.bytes).toBe(Buffer.byteLength(page));
    // another key, a file made from nothing said, a file never published: not kept
    expect(sink.reuse('a/index.html', 'key-b', () => 'x')).toBeUndefined();
    expect(sink.reuse('b.txt', '', () => 'x')).toBeUndefined();
    expect(sink.reuse('c.txt', 'key-a', () => 'x')).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
    await sink.commit();
    expect(fs.readFileSync(path.join(out, 'a/index.html'), 'utf8')).toBe(page);
    expect(fs.existsSync(path.join(out, 'b.txt'))).toBe(false);
  });

  it('keeps nothing when the caller has nothing to take along (the page is written instead)', async () => {
    const { out, records } = await published({ 'a/index.html': [page, 'key-a'] });
    const sink = new DiskSink(out, records);
    expect(sink.reuse('a/index.html', 'key-a', () => undefined)).toBeUndefined();
    expect(fs.existsSync(path.join(sink.dir, 'a/index.html'))).toBe(false);
    expect(sink.manifest.size).toBe(0);
    sink.abort();
  });

  it('links a file written with the same bytes by its recorded hash, without reading the published one', async () => {
    const { out, records } = await published({ 'same.txt': ['same bytes'], 'other.txt': ['old bytes'] });
    const sink = new DiskSink(out, records); // reads the record
    const read = vi.spyOn(fs, 'readFileSync');
    sink.write('same.txt', 'same bytes');
    sink.write('other.txt', 'new bytes');
    expect(read).not.toHaveBeenCalled();
    expect(fs.statSync(path.join(sink.dir, 'same.txt')).ino).toBe(fs.statSync(path.join(out, 'same.txt')).ino);
    expect(fs.statSync(path.join(sink.dir, 'other.txt')).ino).not.toBe(fs.statSync(path.join(out, 'other.txt')).ino);
    await sink.commit();
    expect(fs.readFileSync(path.join(out, 'other.txt'), 'utf8')).toBe('new bytes');
  });

  it('links text given in pieces (llms-full.txt) when the pieces make the recorded bytes, and writes it otherwise', async () => {
    const { out, records } = await published({ 'full.txt': ['ab'], 'changed.txt': ['ab'] });
    const sink = new DiskSink(out, records);
    sink.write('full.txt', ['a', 'b']);
    sink.write('changed.txt', ['a', 'c']);
    expect(fs.statSync(path.join(sink.dir, 'full.txt')).ino).toBe(fs.statSync(path.join(out, 'full.txt')).ino);
    expect(fs.statSync(path.join(sink.dir, 'changed.txt')).ino).not.toBe(fs.statSync(path.join(out, 'changed.txt')).ino);
    await sink.commit();
    expect(fs.readFileSync(path.join(out, 'full.txt'), 'utf8')).toBe('ab');
    expect(fs.readFileSync(path.join(out, 'changed.txt'), 'utf8')).toBe('ac');
    // edited in place since: written again
    fs.writeFileSync(path.join(out, 'full.txt'), 'xy');
    const next = new DiskSink(out, records);
    next.write('full.txt', ['a', 'b']);
    await next.commit();
    expect(fs.readFileSync(path.join(out, 'full.txt'), 'utf8')).toBe('ab');
  });

  it('trusts no published file that is not the one recorded: edited in place, or replaced by a forged copy', async () => {
    const { out, records } = await published({ 'edited/index.html': [page, 'key-e'], 'forged/index.html': [page, 'key-f'], 'same.txt': ['same bytes'] });
    // edited in place: the same inode, same size, new bytes
    fs.writeFileSync(path.join(out, 'edited/index.html'), page.replace('one', 'two'));
    // replaced: a new file with the recorded size and times
    const forged = path.join(out, 'forged/index.html');
    const times = fs.statSync(forged);
    fs.rmSync(forged);
    fs.writeFileSync(forged, page.replace('one', 'bad'));
    fs.utimesSync(forged, times.atime, times.mtime);
    fs.writeFileSync(path.join(out, 'same.txt'), 'evil bytes');
    const sink = new DiskSink(out, records);
    expect(sink.reuse('edited/index.html', 'key-e', () => 'facts')).toBeUndefined();
    expect(sink.reuse('forged/index.html', 'key-f', () => 'facts')).toBeUndefined();
    // written again: compared byte for byte, found different, written
    sink.write('edited/index.html', page, 'key-e');
    sink.write('forged/index.html', page, 'key-f');
    sink.write('same.txt', 'same bytes');
    await sink.commit();
    for (const file of ['edited/index.html', 'forged/index.html']) expect(fs.readFileSync(path.join(out, file), 'utf8')).toBe(page);
    expect(fs.readFileSync(path.join(out, 'same.txt'), 'utf8')).toBe('same bytes');
    // and that version's record holds them as written now
    const next = new DiskSink(out, records);
    expect(next.reuse('edited/index.html', 'key-e', () => 'facts')).toBe('facts');
    next.abort();
  });

  it('takes a record only for the version it describes: after a build without one, nothing is kept unread', async () => {
    const { out, records } = await published({ 'a/index.html': [page, 'key-a'] });
    const uncached = new DiskSink(out);
    uncached.write('a/index.html', page, 'key-a');
    await uncached.commit();
    const sink = new DiskSink(out, records);
    expect(sink.reuse('a/index.html', 'key-a', () => 'facts')).toBeUndefined();
    sink.abort();
  });
});
