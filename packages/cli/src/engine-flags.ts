import v8 from 'node:v8';

/*
 * The V8 flags a docsgen process runs with, set before anything else is loaded (V8 reads them when
 * it compiles, and every worker thread shares the process's flags).
 */

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent. V8's own
 * factor, chosen for throughput, let a build's heap reach two to four times its live data
 * (a 5,000-page build peaked at 632 MiB holding about 190 MiB); at 30 % it peaks at 441 MiB, and
 * the corpus at about 307 MiB instead of 350, for a few percent more CPU in collections and no
 * measurable wall time (bench/RESULTS.md).
 */
const HEAP_GROWING_PERCENT = 30;

/**
 * V8 11's interrupt budget (Node 20): how much bytecode a function runs before V8 considers
 * optimizing it with TurboFan.
 */
const V8_11_INTERRUPT_BUDGET = 67_584;

/**
 * A cold build is a few seconds of a large body of code (micromark's state machine, shiki's
 * scanner, mdast and hast utilities, React's server renderer), most of it hot for a moment only.
 * With V8's budget, TurboFan compiled over 400 of its functions on the corpus's Markdown, about 1 s
 * of CPU on V8's background threads while the highlight worker needed the second core. For the
 * first seconds of the process the budget is four times V8's, so only what stays hot is compiled;
 * then it is V8's again, for the steady state of a long build (10,000 pages ran 4 % slower with the
 * larger budget throughout, and as fast as with V8's when it ends after 10 s). Figures:
 * bench/RESULTS.md, "TurboFan's budget".
 */
const WARM_UP = { budget: 4 * V8_11_INTERRUPT_BUDGET, ms: 10_000 };

/**
 * V8 compiles a regular expression to bytecode on its first run and again to machine code on its
 * second (`--regexp-tier-up-ticks=1`). The highlighter runs thousands of TextMate patterns, some of
 * them kilobytes long, most only a few times in a build: each was compiled twice. With no ticks a
 * new expression goes straight to machine code (V8 made this its default later: "[regexp] Enable
 * the single-tier pipeline by default"). The first highlighting of the corpus's 508 blocks took
 * 0.94-1.19 s against 1.18-1.32 s; cold builds of the corpus 2.5-3 % less time (bench/RESULTS.md).
 *
 * Not `--no-regexp-tier-up`, which measured the same: set while the process runs, it left the
 * expressions Node had already compiled in a state V8 no longer expects, and `search push`
 * crashed with SIGSEGV in 2 runs of 60 on a loaded machine. The number of ticks is only read when
 * an expression is made, so those keep tiering up as they were.
 */
const REGEXP_FLAGS = '--regexp-tier-up-ticks=0';

/**
 * A WebAssembly module with one SIMD instruction (`v128.const`). V8 accepts it only where its
 * baseline compiler, Liftoff, can compile every function: on x64 both need SSE4.1.
 */
const SIMD_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
  0x03, 0x02, 0x01, 0x00, // one function of that type
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, ...new Array<number>(16).fill(0), 0x0b, // its body: v128.const 0, end
]);

/**
 * Whether WebAssembly can run on Liftoff alone here: x64 with SSE4.1, or arm64. Elsewhere a
 * function Liftoff cannot compile would be a fatal error of the whole process under
 * `--liftoff-only` (V8: "treating bailout as fatal error. Cause: no SSE4.1").
 */
export function liftoffCoversAll(): boolean {
  return (process.arch === 'x64' || process.arch === 'arm64') && WebAssembly.validate(SIMD_MODULE);
}

/**
 * WebAssembly on V8's baseline compiler only, never tiered up to TurboFan, where that compiler
 * covers everything. A build runs two large modules for a few seconds each: harfbuzz (subsetting
 * the web font) and resvg (social cards). TurboFan compiles their hot functions on V8's background
 * threads, in zones the size of those functions, and glibc keeps what the zones freed in those
 * threads' malloc arenas for the life of the process, where no JavaScript heap can use it: 40-60
 * MiB of every later stage on the portal (peaks 279-328 MiB against 252-259 MiB, 5 alternating
 * rounds), for cards about 0.8 s faster to draw (bench/RESULTS.md, "WebAssembly on the baseline
 * compiler").
 */
export function setEngineFlags(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  v8.setFlagsFromString(REGEXP_FLAGS);
  // Only on the V8 it was measured on, whose default budget is known (flags cannot be read back).
  if (process.versions.v8.startsWith('11.')) {
    v8.setFlagsFromString(`--interrupt-budget=${WARM_UP.budget}`);
    setTimeout(() => v8.setFlagsFromString(`--interrupt-budget=${V8_11_INTERRUPT_BUDGET}`), WARM_UP.ms).unref();
  }
  if (liftoffCoversAll()) v8.setFlagsFromString('--liftoff-only');
}
