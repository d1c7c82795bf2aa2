import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { PayloadStore } from '../../packages/engine/src/node/build/payloads';

const leftovers = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('docsgen-pages-'));

describe('PayloadStore', () => {
  for (const onDisk of [true, false]) {
    it(`${onDisk ? 'on disk' : 'in memory'}: gives back what was put, replaced by a later put, and nothing for an unknown key`, () => {
      const store = new PayloadStore(onDisk);
      const long = 'é€😀 '.repeat(50_000);
      store.put('a', '{"x":1}');
      store.put('b', long);
      store.put('empty', '');
      store.put('a', '{"x":2}');
      expect(store.get('a')).toBe('{"x":2}');
      expect(store.get('b')).toBe(long);
      expect(store.get('empty')).toBe('');
      expect(store.has('b')).toBe(true);
      expect(store.get('missing')).toBeUndefined();
      store.close();
      expect(store.get('b')).toBeUndefined();
    });
  }

  it('on disk, leaves no file behind, even while it is open', () => {
    const before = leftovers();
    const store = new PayloadStore(true);
    store.put('page', 'x'.repeat(1 << 20));
    expect(leftovers()).toEqual(before);
    expect(store.get('page')!.length).toBe(1 << 20);
    store.close();
    expect(leftovers()).toEqual(before);
  });
});
