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

/** `DOCSGEN_MEMORY=1`: each stage's line also gives the process's resident memory and V8 heap as it ends. */
const MEMORY = Boolean(process.env.DOCSGEN_MEMORY);
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
function memory(): string {
  const m = process.memoryUsage();
  return `  [rss ${mib(m.rss)}, heap ${mib(m.heapUsed)}, external ${mib(m.external + m.arrayBuffers)}]`;
}

/** Runs one named stage and logs `stage  duration` (VitePress-style `task()`). */
export async function task<T>(logger: Logger, name: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
  const start = performance.now();
  const value = await run();
  const extra = detail ? `  ${detail(value)}` : '';
  logger.info(`  ${name.padEnd(10)} ${formatMs(performance.now() - start).padStart(8)}${extra}${MEMORY ? memory() : ''}`);
  return value;
}
