import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeHashed, writeParts } from '../../packages/engine/src/node/fs/write-parts';
import { DirCache } from '../../packages/engine/src/node/cache/dir-cache';

/*
 * Files written from many small pieces (the search files, llms-full.txt, cache entries) are written
 * in chunks of about 64 KiB, not a write(2) a piece, and come out byte for byte as the pieces.
 */

/** 20,000 pieces of a record's size, some with characters of 2, 3 and 4 bytes (a chunk can end inside none of them). */
function pieces(): string[] {
  return Array.from({ length: 20_000 }, (_, i) => `${i ? ',' : '['}{"id":${i},"title":"Pi\u00e8ce ${i} \u2014 \u{1F4B3}","content":"${'x'.repeat(i % 300)}"}`);
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-write-'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writing a file from its pieces', () => {
  it('writes text and byte pieces as they come, in chunks, with the size and hash of what was written', () => {
    const parts: Array<string | Buffer> = pieces();
    parts.splice(5, 0, Buffer.from([0, 255, 1]));
    parts.push(Buffer.alloc(200_000, 7), ']');
    const expected = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    const file = path.join(tmp(), 'records.json');
    const writes = vi.spyOn(fs, 'writeSync');
    const written = writeHashed(file, parts);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(written).toEqual({ bytes: expected.length, hash: createHash('sha1').update(expected).digest('base64url') });
    // A write(2) for about every 64 KiB, not one for each of the 20,003 pieces.
    expect(writes.mock.calls.length).toBeLessThanOrEqual(Math.ceil(expected.length / 65_536) + 2);
  });

  it('writes a whole buffer as it is and an empty list as an empty file', () => {
    const dir = tmp();
    const whole = Buffer.from('<!doctype html><p>caf\u00e9</p>');
    expect(writeHashed(path.join(dir, 'a.html'), [whole]).bytes).toBe(whole.length);
    expect(fs.readFileSync(path.join(dir, 'a.html')).equals(whole)).toBe(true);
    expect(writeHashed(path.join(dir, 'empty'), [])).toEqual({ bytes: 0, hash: createHash('sha1').digest('base64url') });
    expect(fs.readFileSync(path.join(dir, 'empty'), 'utf8')).toBe('');
  });

  it('writes text pieces (writeParts) and a cache entry streamed through (textThrough) the same way', () => {
    const dir = tmp();
    const parts = pieces();
    const writes = vi.spyOn(fs, 'writeSync');
    writeParts(path.join(dir, 'llms-full.txt'), parts);
    expect(fs.readFileSync(path.join(dir, 'llms-full.txt'), 'utf8')).toBe(parts.join(''));
    const cache = new DirCache<string>(path.join(dir, 'cache'), true, true);
    const passed = [...cache.textThrough('search-records.json', parts)];
    expect(passed).toEqual(parts);
    expect(new DirCache<string>(path.join(dir, 'cache'), true, true).get('search-records.json')).toBe(parts.join(''));
    expect(writes.mock.calls.length).toBeLessThanOrEqual(2 * (Math.ceil(Buffer.byteLength(parts.join('')) / 65_536) + 1));
  });
});
