import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { compilePage, type CompileContext } from '../../packages/engine/src/node/markdown/compile-page';
import { CodeHighlighter, HighlightCache } from '../../packages/engine/src/node/markdown/highlight';
import { readSource } from '../../packages/engine/src/node/markdown/read-source';
import { visit } from '../../packages/engine/src/node/markdown/walk';

/*
 * A page's code blocks go to a highlighter on another thread as soon as the page is parsed (before
 * its Markdown twin and hast are made, and before another page is parsed), and each comes back
 * exactly once; a cold build starts that thread before the first block.
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

function context(dir: string, highlighter: CodeHighlighter): CompileContext {
  return { contentPath: dir, variables: {}, components: new Set(), codeLanguages: [], highlighter, assetUrl: (source) => source };
}

function codeHtml(tree: Root | null): string[] {
  const html: string[] = [];
  if (tree) visit(tree, 'element', (node: Element) => void (node.tagName === 'docsgen-code' && html.push(String(node.properties.html))));
  return html;
}

describe('code blocks sent to the highlight worker', () => {
  it('sends a page’s blocks before the page is done, renders each once, and puts each back in its place', async () => {
    const { dir, file } = site();
    const { sent, render } = heldRenderer();
    const cache = new HighlightCache(null);
    const highlighter = new CodeHighlighter(cache, render, true);
    const compiling = compilePage(file, '/blocks', context(dir, highlighter), readSource(file));
    // Before the first await of compilePage has let anything else run: the blocks are already out.
    expect(sent.map((s) => [s.lang, s.meta, s.code])).toEqual([
      ['js', 'title="server.js"', 'const key = process.env.KEY;'],
      ['bash', '', 'curl https://api.example'],
      ['', '', 'plain'],
    ]);
    for (const s of sent) s.finish();
    const page = await compiling;
    expect(page.diagnostics).toEqual([]);
    expect(codeHtml(page.hast)).toEqual([
      '<pre data-lang="js" data-meta="title="server.js"">const key = process.env.KEY;</pre>',
      '<pre data-lang="bash" data-meta="">curl https://api.example</pre>',
      '<pre data-lang="bash" data-meta="">curl https://api.example</pre>',
      '<pre data-lang="" data-meta="">plain</pre>',
    ]);
    // Nothing was rendered twice: the twice-written block was rendered once and shared.
    expect(sent).toHaveLength(3);
    expect(cache.misses).toBe(3);
  });

  it('sends nothing early when blocks render on this thread', async () => {
    const { dir, file } = site();
    const { sent, render } = heldRenderer();
    const highlighter = new CodeHighlighter(new HighlightCache(null), render, false);
    const compiling = compilePage(file, '/blocks', context(dir, highlighter), readSource(file));
    expect(sent).toHaveLength(0);
    // They are asked for once the page reaches its code (it waits for each in turn).
    while (sent.length < 3) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const s of sent) s.finish();
    }
    expect(codeHtml((await compiling).hast)).toHaveLength(4);
    expect(sent).toHaveLength(3);
  });

  it('starts the renderer before the first block only for pages to compile and a cache that holds nothing', () => {
    let started = 0;
    const start = () => void started++;
    const cold = new CodeHighlighter(new HighlightCache(null), undefined, true, start);
    cold.prepare(0);
    expect(started).toBe(0);
    cold.prepare(3);
    expect(started).toBe(1);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-highlight-cache-'));
    const missing = new CodeHighlighter(new HighlightCache(path.join(dir, 'highlight')), undefined, true, start);
    missing.prepare(3);
    expect(started).toBe(2);
    const filled = new HighlightCache(path.join(dir, 'highlight'));
    filled.set('a block', '<pre></pre>');
    new CodeHighlighter(filled, undefined, true, start).prepare(3);
    expect(started).toBe(2);
  });
});
