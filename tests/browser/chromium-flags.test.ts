import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, PLAYWRIGHT_DISABLED_FEATURES } from '../helpers/browser';

/** The command lines of this process's child processes (the browsers Playwright started from here). */
function childCommandLines(): string[][] {
  const children = fs.readdirSync(`/proc/${process.pid}/task`).flatMap((tid) => fs.readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').trim().split(' ').filter(Boolean));
  return children.flatMap((pid) => {
    try {
      return [fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)];
    } catch {
      return [];
    }
  });
}

/**
 * The browser the tests launch: Playwright's own switches kept (Chromium keeps only the last
 * `--disable-features`, which is ours), and no browser UI started with each context.
 */
describe.skipIf(!hasChromium || process.platform !== 'linux')('the tests’ Chromium', () => {
  it('turns off every feature Playwright turns off, and the address bar’s popup page', async () => {
    const browser = await launchChromium();
    try {
      const line = childCommandLines().find((args) => args.includes('--remote-debugging-pipe'));
      expect(line, 'the browser process').toBeDefined();
      const lists = line!.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
      // Playwright's switch, then ours, which is the one Chromium keeps
      expect(lists).toHaveLength(2);
      expect(lists[0]!.filter(Boolean)).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
      expect(lists[1]).toEqual(expect.arrayContaining(lists[0]!.filter(Boolean)));

      const context = await browser.newContext();
      await context.newPage();
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
      expect(targetInfos.map((t) => `${t.type} ${t.url}`)).toEqual(['page about:blank']);
      await session.detach();
    } finally {
      await browser.close();
    }
  });
});
