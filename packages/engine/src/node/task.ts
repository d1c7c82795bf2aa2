import fs from 'node:fs';

/** Progress output: one line per stage with its duration. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {} };

export const consoleLogger: Logger = {
  info: (m) => process.stdout.write(`${m}\n`),
  warn: (m) => process.stderr.write(`${m}\n`),
};

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** `DOCSGEN_MEMORY=1`: each stage's line also gives the process's resident memory, its peak during the stage, and V8's heap (used of allocated) as it ends. */
const MEMORY = Boolean(process.env.DOCSGEN_MEMORY);
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
function memory(): string {
  const m = process.memoryUsage();
  return `  [rss ${mib(m.rss)}, stage peak ${peakRss()}, heap ${mib(m.heapUsed)} of ${mib(m.heapTotal)}, external ${mib(m.external)}]`;
}

/**
 * The process's resident high-water mark since the previous stage ended (Linux: VmHWM, reset after
 * each reading), which samples of `rss` can miss: worker threads count, being the same process.
 */
function peakRss(): string {
  let kib: string | undefined;
  try {
    kib = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or the mark cannot be reset: the figure is then the process's peak so far.
  }
  return kib ? mib(Number(kib) * 1024) : 'n/a';
}

/** Runs one named stage and logs `stage  duration` (VitePress-style `task()`). */
export async function task<T>(logger: Logger, name: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
  const start = performance.now();
  const value = await run();
  const extra = detail ? `  ${detail(value)}` : '';
  logger.info(`  ${name.padEnd(10)} ${formatMs(performance.now() - start).padStart(8)}${extra}${MEMORY ? memory() : ''}`);
  return value;
}
