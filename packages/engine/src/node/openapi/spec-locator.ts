import { createRequire } from 'node:module';
import type { Document, LineCounter } from 'yaml';
import { pointerSegments } from './json-pointer';

export type Locate = (pointer: string) => { line?: number; column?: number };

/**
 * Line/column of a JSON pointer in `text`: of the pointer's node, else of its nearest ancestor
 * that exists. js-yaml builds the document (4× faster than a full YAML AST); the AST, which knows
 * where every node is, is built only when a diagnostic first needs a position.
 */
export function specLocator(text: string): Locate {
  let ast: { doc: Document; lineCounter: LineCounter } | null = null;
  return (pointer) => {
    if (!ast) {
      // Required here, not imported: the AST library is loaded only by builds that report a problem.
      const { LineCounter, parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
      const lineCounter = new LineCounter();
      ast = { doc: parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false }), lineCounter };
    }
    const { doc, lineCounter } = ast;
    const segments = pointerSegments(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = doc.getIn(segments.slice(0, n), true);
      if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
        const p = lineCounter.linePos(node.range[0]);
        return { line: p.line, column: p.col };
      }
    }
    return {};
  };
}

