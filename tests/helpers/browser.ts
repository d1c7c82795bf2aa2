import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { serve, type RunningServer } from '../../packages/engine/src/node/dev/serve';
import { silentLogger } from '../../packages/engine/src/node/task';

/** Debian's Chromium; browser suites are skipped where it is not installed. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

/** Headless, and quiet on a machine without internet (no background requests, no updates). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** Serves a built site folder (its `build/`) on a free port of 127.0.0.1, without watching. */
export function serveBuilt(root: string): Promise<RunningServer> {
  return serve({ root, port: 0, host: '127.0.0.1', watch: false, logger: silentLogger });
}
