import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { compilePage, type CompileContext } from '../../packages/engine/src/node/markdown/compile-page';
import { CodeHighlighter, HighlightCache } from '../../packages/engine/src/node/markdown/highlight';
import { keepPage } from '../../packages/engine/src/node/markdown/content-page';
import { PageCodeBlocks } from '../../packages/engine/src/node/build/code-blocks';
import { PayloadStore } from '../../packages/engine/src/node/build/payloads';
import { readSource } from '../../packages/engine/src/node/markdown/read-source';
import { visit } from '../../packages/engine/src/node/markdown/walk';

/*
 * A content page asks for its code blocks while it compiles and does not wait for them: its tree
 * keeps each block's key, and the HTML (rendered on the highlight worker meanwhile) waits in the
 * page store until the page renders. Each block is rendered once; a cold build starts the worker
 * before the first block.
 */

const PAGE = `---
title: Blocks
---

# Blocks

\`\`\`js title="server.js"
const key = process.env.KEY;
\`\`\`

Some text.

\`\`\`bash
curl https://api.example
\`\`\`

\`\`\`bash
curl https://api.example
\`\`\`

\`\`\`
plain
\`\`\`
`;

interface Sent {
  lang: string;
  meta: string;
  code: string;
  finish(): void;
}

/** A renderer that renders nothing until told to: it records what it was asked for. */
function heldRenderer() {
  const sent: Sent[] = [];
  const render = (lang: string, meta: string, code: string) =>
    new Promise<string>((resolve) => {
      sent.push({ lang, meta, code, finish: () => resolve(`<pre data-lang="${lang}" data-meta="${meta}">${code}</pre>`) });
    });
  return { sent, render };
}

function site(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-blocks-'));
  const file = path.join(dir, 'blocks.md');
  fs.writeFileSync(file, PAGE);
  return { dir, file };
}

function context(dir: string, highlighter: CodeHighlighter, codeBlocks?: PageCodeBlocks): CompileContext {
  return { contentPath: dir, variables: {}, components: new Set(), codeLanguages: [], highlighter, codeBlocks, assetUrl: (source) => source };
}

/** The blocks of a tree as the renderer gets them: each `docsgen-code` element's properties. */
function codeElements(tree: Root | null): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  if (tree) visit(tree, 'element', (node: Element) => void (node.tagName === 'docsgen-code' && found.push({ ...node.properties })));
  return found;
}

const RENDERED = [
  { html: '<pre data-lang="js" data-meta="title="server.js"">const key = process.env.KEY;</pre>', lang: 'js' },
  { html: '<pre data-lang="bash" data-meta="">curl https://api.example</pre>', lang: 'bash' },
  { html: '<pre data-lang="bash" data-meta="">curl https://api.example</pre>', lang: 'bash' },
  { html: '<pre data-lang="" data-meta="">plain</pre>', lang: '' },
];

describe('code blocks of content pages', () => {
  it('asks for a page’s blocks without waiting for them, renders each once, and fills each in its place when the page renders', async () => {
    const { dir, file } = site();
    const { sent, render } = heldRenderer();
    const cache = new HighlightCache(null);
    const highlighter = new CodeHighlighter(cache, render);
    const store = new PayloadStore(true);
    const blocks = new PageCodeBlocks(highlighter, store);
    // The page compiles while not one block has been rendered.
    const page = keepPage(await compilePage(file, '/blocks', context(dir, highlighter, blocks), readSource(file)));
    expect(page.diagnostics).toEqual([]);
    expect(sent.map((s) => [s.lang, s.meta, s.code])).toEqual([
      ['js', 'title="server.js"', 'const key = process.env.KEY;'],
      ['bash', '', 'curl https://api.example'],
      ['', '', 'plain'],
    ]);
    // Its tree keeps the blocks' keys: the twice-written block has one key, asked for once.
    const keys = page.codeBlocks;
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(3);
    expect(keys[1]).toBe(keys[2]);
    const tree = JSON.parse(page.content!) as Root;
    expect(codeElements(tree)).toEqual(keys.map((block, i) => ({ block, lang: RENDERED[i]!.lang })));
    let settled = false;
    const waiting = blocks.settled().then(() => void (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    for (const s of sent) s.finish();
    await waiting;
    expect(codeElements(blocks.fill(tree))).toEqual(RENDERED);
    expect(sent).toHaveLength(3);
    expect(cache.misses).toBe(3);
    store.close();
  });

  it('awaits each block in the tree when nothing asks for them (Markdown in the API reference)', async () => {
    const { dir, file } = site();
    const { sent, render } = heldRenderer();
    const highlighter = new CodeHighlighter(new HighlightCache(null), render);
    const compiling = compilePage(file, '/blocks', context(dir, highlighter), readSource(file));
    while (sent.length < 3) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const s of sent) s.finish();
    }
    const page = await compiling;
    expect(page.codeBlocks).toEqual([]);
    expect(codeElements(page.hast)).toEqual(RENDERED);
  });

  it('reuses a page compiled earlier only while the highlight cache still has its blocks', async () => {
    const cache = new HighlightCache(null);
    const highlighter = new CodeHighlighter(cache, async (lang, meta, code) => `<pre>${code}</pre>`);
    const kept = highlighter.keyOf({ lang: 'bash', meta: '', code: 'ls' }).key;
    cache.set(kept, '<pre>ls</pre>');
    const store = new PayloadStore(true);
    const blocks = new PageCodeBlocks(highlighter, store);
    expect(blocks.adopt([kept])).toBe(true);
    expect(blocks.adopt([kept, highlighter.keyOf({ lang: 'bash', meta: '', code: 'rm -rf /' }).key])).toBe(false);
    const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'docsgen-code', properties: { block: kept, lang: 'bash' }, children: [] }] };
    expect(codeElements(blocks.fill(tree))).toEqual([{ html: '<pre>ls</pre>', lang: 'bash' }]);
    const stray: Root = { type: 'root', children: [{ type: 'element', tagName: 'docsgen-code', properties: { block: 'never-asked-for', lang: 'bash' }, children: [] }] };
    expect(() => blocks.fill(stray)).toThrow(/never rendered/);
    store.close();
  });

  it('fails when a block could not be rendered, once every block has come back', async () => {
    const highlighter = new CodeHighlighter(new HighlightCache(null), async (lang, meta, code) => {
      if (code === 'bad') throw new Error('the grammar broke');
      return `<pre>${code}</pre>`;
    });
    const store = new PayloadStore(false);
    const blocks = new PageCodeBlocks(highlighter, store);
    blocks.request({ lang: 'bash', meta: '', code: 'bad' });
    blocks.request({ lang: 'bash', meta: '', code: 'good' });
    await expect(blocks.settled()).rejects.toThrow('the grammar broke');
  });

  it('starts the renderer before the first block only for pages to compile and a cache that holds nothing', () => {
    let started = 0;
    const start = () => void started++;
    const cold = new CodeHighlighter(new HighlightCache(null), undefined, start);
    cold.prepare(0);
    expect(started).toBe(0);
    cold.prepare(3);
    expect(started).toBe(1);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-highlight-cache-'));
    const missing = new CodeHighlighter(new HighlightCache(path.join(dir, 'highlight')), undefined, start);
    missing.prepare(3);
    expect(started).toBe(2);
    const filled = new HighlightCache(path.join(dir, 'highlight'));
    filled.set('a block', '<pre></pre>');
    new CodeHighlighter(filled, undefined, start).prepare(3);
    expect(started).toBe(2);
  });
});
