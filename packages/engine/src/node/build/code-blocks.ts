import type { Element, Root as HastRoot } from 'hast';
import type { CodeBlockInfo, CodeHighlighter } from '../markdown/highlight';
import { visit } from '../markdown/walk';
import type { PayloadStore } from './payloads';

const storeKey = (key: string) => `code\0${key}`;

/**
 * The code blocks of one run's content pages. A page asks for its blocks while it compiles and
 * does not wait for them: its tree keeps each block's key (`docsgen-code` with a `block`
 * property), and the block's HTML, rendered on the highlight worker meanwhile or found in the
 * cache, waits in the page store until the page renders (`fill`). The main thread parses page
 * after page while the worker highlights; neither waits for the other before the last block
 * (issue 16: waiting for blocks left the main thread idle 1.4-2.1 s of a cold build's content
 * stage, most of it while the worker compiled grammars for the first pages).
 */
export class PageCodeBlocks {
  /** Blocks asked for whose HTML is not in the store yet, by key. */
  private readonly pending = new Map<string, Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly highlighter: CodeHighlighter,
    private readonly store: PayloadStore,
  ) {}

  /** How many blocks asked for are not back yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Asks for a block's HTML without waiting for it; returns the key `fill` finds it under. */
  request(block: CodeBlockInfo): string {
    const keyed = this.highlighter.keyOf(block);
    const { key } = keyed;
    if (this.asked(key)) return key;
    const done = () => this.pending.delete(key);
    const rendering = this.highlighter.highlight(block, keyed).then(
      (html) => {
        this.store.put(storeKey(key), html);
        done();
      },
      (error: unknown) => {
        this.failure ??= { error };
        done();
      },
    );
    this.pending.set(key, rendering);
    return key;
  }

  /**
   * Takes the blocks of a page compiled by an earlier build (the page cache, a watch session's
   * memo) from the highlight cache into the store. False when one is no longer in the cache: the
   * page is then compiled again.
   */
  adopt(keys: readonly string[]): boolean {
    for (const key of keys) {
      if (this.asked(key)) continue;
      const html = this.highlighter.cache.get(key);
      if (html === undefined) return false;
      this.store.put(storeKey(key), html);
    }
    return true;
  }

  /** Whether the block `key` is on its way or in the store already. */
  private asked(key: string): boolean {
    return this.pending.has(key) || this.store.has(storeKey(key));
  }

  /** Waits for every block asked for. A block that could not be rendered fails here, as it failed its page before. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending.values());
    if (this.failure) throw this.failure.error;
  }

  /** Puts each block's HTML into a page's tree, read back from the store. Changes the tree. */
  fill(tree: HastRoot): HastRoot {
    visit(tree, 'element', (node: Element) => {
      const key = node.tagName === 'docsgen-code' ? node.properties.block : undefined;
      if (typeof key !== 'string') return;
      const html = this.store.get(storeKey(key));
      if (html === undefined) throw new Error(`the code block ${key} of this page was never rendered`);
      node.properties = { html, lang: node.properties.lang };
    });
    return tree;
  }
}
