import { createRequire } from 'node:module';
import jsYaml from 'js-yaml';
import type { Document, LineCounter } from 'yaml';
import { pointerSegments } from './json-pointer';
import { lineColumn, lineStarts } from '../../shared/line-starts';

export type Locate = (pointer: string) => { line?: number; column?: number };

/** A node of the spec as js-yaml read it: where it starts, what it became, its nodes in order. */
interface Place {
  start: number;
  kind: string | null;
  result: unknown;
  children: Place[];
}

/**
 * Every node's place, from one js-yaml parse with a listener: js-yaml reports each node as it opens
 * (before the space that separates it from its key or dash) and closes (with its kind and value).
 * A mapping's nodes are its keys and values in turn, a sequence's its items. Null when js-yaml
 * cannot read the text.
 */
function placesOf(text: string): Place | null {
  // js-yaml reads the text without its byte-order mark: its positions are one short of the file's.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: Place[] = [{ start: 0, kind: null, result: undefined, children: [] }];
  try {
    jsYaml.load(text, {
      schema: jsYaml.CORE_SCHEMA,
      listener(event, state) {
        if (event === 'open') stack.push({ start: state.position + shift, kind: null, result: undefined, children: [] });
        else {
          const place = stack.pop()!;
          place.kind = state.kind;
          place.result = state.result;
          stack.at(-1)!.children.push(place);
        }
      },
    });
  } catch {
    return null;
  }
  return stack[0]!.children[0] ?? null;
}

/**
 * The node at `segment` under `place`; null when there is none; undefined when the places do not
 * add up to what js-yaml built (an explicit key without a value, a merge): the AST decides then.
 */
function childAt(place: Place, segment: string): Place | null | undefined {
  const { kind, result, children } = place;
  if (kind === 'mapping') {
    if (children.length % 2 !== 0 || children.length !== 2 * Object.keys(result as object).length) return undefined;
    for (let i = 0; i < children.length; i += 2) {
      const key = children[i]!;
      if (key.kind === 'scalar' && String(key.result) === segment) return children[i + 1]!;
    }
    return null;
  }
  if (kind === 'sequence') {
    if (children.length !== (result as unknown[]).length) return undefined;
    return /^\d+$/.test(segment) ? (children[Number(segment)] ?? null) : null;
  }
  return null;
}

/** Where a node's own text begins: past the spaces, line breaks, comments, anchor and tag before it. */
function contentStart(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if ((c === '&' || c === '!') && i + 1 < text.length) while (i < text.length && !/\s/.test(text[i]!)) i++;
    else return i;
  }
}

/** Where an empty value (`key:` and nothing) is: past the spaces after its key, on the key's line. */
function emptyStart(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** The place of the pointer's node, else of its nearest ancestor; undefined when the places cannot tell. */
function placeOf(root: Place, segments: string[]): Place | undefined {
  let place = root;
  for (const segment of segments) {
    const child = childAt(place, segment);
    if (child === undefined) return undefined;
    if (child === null) break;
    place = child;
  }
  return place;
}

/** The same answer from the `yaml` package's full AST: slower to build, but it knows every node. */
function astLocator(text: string): Locate {
  let ast: { doc: Document; lineCounter: LineCounter } | null = null;
  return (pointer) => {
    if (!ast) {
      // Required here, not imported: the AST library is loaded only when js-yaml's places cannot tell.
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

/**
 * Line/column of a JSON pointer in `text`: of the pointer's node, else of its nearest ancestor
 * that exists. Nothing is parsed until a diagnostic first needs a position; then js-yaml reads the
 * text again with a listener that notes where each node starts (a few milliseconds for the
 * portal's spec, against 45-170 ms for the `yaml` package's full AST, which is built only for text
 * js-yaml cannot place).
 */
export function specLocator(text: string): Locate {
  let places: { root: Place | null; lineStarts: number[] } | null = null;
  let ast: Locate | null = null;
  return (pointer) => {
    places ??= { root: placesOf(text), lineStarts: lineStarts(text) };
    const place = places.root && placeOf(places.root, pointerSegments(pointer));
    if (place) return lineColumn(places.lineStarts, place.kind === null && place.result === null ? emptyStart(text, place.start) : contentStart(text, place.start));
    return (ast ??= astLocator(text))(pointer);
  };
}
