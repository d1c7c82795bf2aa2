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

/** Runs one named stage and logs `stage  duration` (VitePress-style `task()`). */
export async function task<T>(logger: Logger, name: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
  const start = performance.now();
  const value = await run();
  const extra = detail ? `  ${detail(value)}` : '';
  logger.info(`  ${name.padEnd(10)} ${formatMs(performance.now() - start).padStart(8)}${extra}`);
  return value;
}
