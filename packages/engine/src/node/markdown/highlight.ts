import { createHash } from 'node:crypto';
import { DirCache } from '../cache/dir-cache';
import { dependencyFingerprint } from '../cache/engine-fingerprint';
import { CODE_LANGUAGE_GRAMMARS } from './plugins/remark-code-tabs';

/** Bump when the HTML produced for a code block changes, so persistent caches are invalidated. */
const RENDER_VERSION = '10';

/** Finished code-block HTML, one file per block, stored as it is, keyed by (grammar, meta, code, renderer version). */
export class HighlightCache extends DirCache<string> {
  /**
   * Without a folder (`--no-cache`) the cache only spares rendering a block twice in one build: it
   * keeps at most 4,000 blocks (a few MB), not every block of a 3,000-operation reference.
   */
  constructor(dir: string | null) {
    super(dir, true, true, 4000);
  }
}

export interface CodeBlockInfo {
  lang: string;
  meta: string;
  code: string;
}

/** Meta keys that docsgen reads itself and rehype-pretty-code should not see. */
const OWN_META = /\s*\boperation=("[^"]*"|\S+)/g;

/** The shiki side, imported on the first block that is not in the cache. */
let renderer: Promise<typeof import('./render-code-block')> | null = null;
const loadRenderer = () => (renderer ??= import('./render-code-block'));

/** Renders a block that is not in the cache: its language (aliases mapped), its meta and code. */
export type BlockRenderer = (lang: string, meta: string, code: string) => Promise<string>;

/** Renders a block on this thread (shiki loads on the first one). */
export const renderHere: BlockRenderer = (lang, meta, code) => loadRenderer().then((r) => r.renderCodeBlock(r.grammarFor(lang), meta, code));

/** Where a block's HTML is kept: its language as written (aliases mapped), its meta without docsgen's own keys, its code. */
export interface BlockKey {
  key: string;
  lang: string;
  meta: string;
}

/**
 * Turns code blocks into finished HTML (figure, optional title, lines) through the persistent
 * cache. Blocks missing from the cache are rendered by `render`: on this thread, or on the
 * highlight worker (workers/highlight-pool.ts), which gives the same HTML.
 */
export class CodeHighlighter {
  /** Blocks being rendered now: the same block requested twice at once is rendered once. */
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    readonly cache: HighlightCache,
    private readonly render: BlockRenderer = renderHere,
    private readonly startRenderer: () => void = () => {},
  ) {}

  /**
   * Gets the renderer ready before the first block when this build will likely render blocks
   * (pages to compile and a cache that holds no block yet): the highlight worker then starts while
   * the first pages are read and parsed, not when their first block is already waiting.
   */
  prepare(pagesToCompile: number): void {
    if (pagesToCompile > 0 && this.cache.empty) this.startRenderer();
  }

  /**
   * The key a block's HTML is kept under. It names the language as written (aliases mapped); which
   * grammar renders it is decided on a miss, so a build served from the cache never loads shiki.
   */
  keyOf(block: CodeBlockInfo): BlockKey {
    const lang = CODE_LANGUAGE_GRAMMARS[block.lang] ?? block.lang;
    const meta = block.meta.replace(OWN_META, '').trim();
    const key = createHash('sha1').update(`${RENDER_VERSION}\0${dependencyFingerprint()}\0${lang}\0${meta}\0${block.code}`).digest('base64url');
    return { key, lang, meta };
  }

  /** The block's HTML, from the cache or rendered now; `keyed` is its `keyOf` when the caller has it. */
  async highlight(block: CodeBlockInfo, keyed: BlockKey = this.keyOf(block)): Promise<string> {
    const { key, lang, meta } = keyed;
    const cached = this.cache.get(key) ?? this.inFlight.get(key);
    if (cached !== undefined) return cached;
    const rendering = this.render(lang, meta, block.code);
    this.inFlight.set(key, rendering);
    try {
      const html = await rendering;
      this.cache.set(key, html);
      return html;
    } finally {
      this.inFlight.delete(key);
    }
  }
}
