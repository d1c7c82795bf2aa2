import type { Code, Root, RootContent } from 'mdast';
import { SourceMap, type Replacement } from './source-map';
import { parseMarkdown } from './parse-markdown';
import type { Diagnostic } from '../../shared/diagnostic';

/*
 * Fenced code blocks' bodies, taken out of the text before micromark parses it and put back into
 * their `code` nodes after. micromark reads a body one character at a time, through its state
 * machine, its line-by-line container checks and an event per line, only to give the lines back as
 * they were: on the corpus (API documentation, a third of its bytes in code) that was a fifth of
 * the parse.
 *
 * Only bodies whose parse cannot depend on them are taken out. A body is a block's lines between
 * an opening fence at the start of a line and the first closing fence after it, and none of those
 * lines starts, after any spaces or tabs, with three of the fence's characters (so none could close
 * it, whatever the indentation rules). After the parse, each such block must be a `code` node,
 * empty, from the opening line's start to the closing line's end, outside every container (its
 * ancestors are the root and JSX elements, which micromark parses as single flow tags, not as
 * containers). Then the text before the opening line parsed the same with the body as without it,
 * and at that level nothing but the closing fence ends a fenced block: the tree of the whole text
 * is this tree with the bodies put back and the positions after each body moved. Anything else
 * (an opening fence inside an HTML block, a list or an expression; a body with a fence-like line)
 * leaves the text to be parsed whole.
 */

/**
 * micromark's tree of `text` (with positions in it), parsed without its code blocks' bodies; null
 * when there are none to take out or that tree is not certain to be the whole text's (the caller
 * parses the whole text: a syntax error is reported from there too).
 */
export function parseLean(text: string, file: string): { tree: Root; diagnostics: Diagnostic[] } | null {
  const lean = withoutCodeBodies(text);
  if (!lean) return null;
  const parsed = parseMarkdown(lean.text, file);
  if (!parsed.tree || !putBodiesBack(parsed.tree, lean.bodies)) return null;
  new SourceMap(text, lean.text, lean.replacements).mapTree(parsed.tree);
  return { tree: parsed.tree, diagnostics: parsed.diagnostics };
}

/** One body taken out: where its block is in the text without bodies, and its lines as the file has them. */
export interface CodeBody {
  /** The opening fence line's start in the text without bodies. */
  open: number;
  /** The closing fence line's end there (before its line ending). */
  close: number;
  /** The lines between the fences, without the last line ending: the `code` node's value. */
  value: string;
}

export interface WithoutBodies {
  text: string;
  bodies: CodeBody[];
  /** Each body's span in the text and its (empty) span in `text`, for a SourceMap. */
  replacements: Replacement[];
}

/** An opening fence at the start of a line: three or more backticks or tildes. */
const OPENING = /^(?:`{3,}|~{3,})/gm;

/**
 * The text with the bodies of its fenced code blocks taken out; null when there is none to take
 * out, or the text has a carriage return or a NUL (micromark's values differ from the lines then).
 */
export function withoutCodeBodies(text: string): WithoutBodies | null {
  if (text.includes('\r') || text.includes('\0')) return null;
  const bodies: CodeBody[] = [];
  const replacements: Replacement[] = [];
  const kept: string[] = [];
  let copied = 0; // text[0..copied) is in `kept`
  let removed = 0; // characters taken out so far
  OPENING.lastIndex = 0;
  for (let m = OPENING.exec(text); m; m = OPENING.exec(text)) {
    const open = m.index;
    const fence = m[0];
    const openEnd = lineEnd(text, open);
    // A backtick fence's info string has no backtick (else the line is a paragraph with code in it).
    if (fence[0] === '`' && text.slice(open + fence.length, openEnd).includes('`')) {
      OPENING.lastIndex = openEnd;
      continue;
    }
    if (openEnd === text.length) break;
    const close = closingLine(text, openEnd + 1, fence);
    // No closing fence, or a line like one that is not: where the block ends is not certain.
    if (close === null) break;
    const bodyStart = openEnd + 1;
    const closeEnd = lineEnd(text, close);
    if (close > bodyStart) {
      kept.push(text.slice(copied, bodyStart));
      copied = close;
      replacements.push({ from: bodyStart, to: close, textFrom: bodyStart - removed, textTo: bodyStart - removed });
      bodies.push({ open: open - removed, close: closeEnd - removed - (close - bodyStart), value: text.slice(bodyStart, close - 1) });
      removed += close - bodyStart;
    }
    OPENING.lastIndex = closeEnd;
  }
  if (!bodies.length) return null;
  kept.push(text.slice(copied));
  return { text: kept.join(''), bodies, replacements };
}

const lineEnd = (text: string, from: number): number => {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
};

/**
 * The start of the line that closes a block opened by `fence`, searching from `from`: the first
 * line that starts, after spaces or tabs, with three of the fence's characters. Null when there is
 * none, or that line is not a closing fence by CommonMark's strictest reading (at most three spaces
 * before, at least as many characters as the opening fence, nothing but spaces or tabs after).
 */
function closingLine(text: string, from: number, fence: string): number | null {
  const { like, strict } = fence[0] === '`' ? BACKTICK_CLOSE : TILDE_CLOSE;
  like.lastIndex = from;
  const m = like.exec(text);
  if (!m) return null;
  const close = strict.exec(text.slice(m.index, lineEnd(text, m.index)));
  return close && close[1]!.length >= fence.length ? m.index : null;
}

/** Per fence character: a line like a fence of it (searched for), and a closing fence by CommonMark's strictest reading. */
const BACKTICK_CLOSE = { like: /^[ \t]*```/gm, strict: /^ {0,3}(`+)[ \t]*$/ };
const TILDE_CLOSE = { like: /^[ \t]*~~~/gm, strict: /^ {0,3}(~+)[ \t]*$/ };

/**
 * Puts the bodies back into the tree parsed from the text without them; false when a block did not
 * parse as this module expects (see above), and the text must be parsed whole.
 */
export function putBodiesBack(tree: Root, bodies: readonly CodeBody[]): boolean {
  const found: Code[] = [];
  collectCode(tree.children, found);
  let next = 0;
  for (const code of found) {
    const body = bodies[next];
    if (!body || code.position?.start.offset !== body.open) continue;
    // Its start is `body.open`, where a line starts: its column is 1.
    if (code.position.end.offset !== body.close || code.value !== '') return false;
    code.value = body.value;
    next++;
  }
  return next === bodies.length;
}

/** The `code` nodes outside any container: children of the root, or of JSX elements there. */
function collectCode(children: readonly RootContent[], into: Code[]): void {
  for (const node of children) {
    if (node.type === 'code') into.push(node);
    else if (node.type === 'mdxJsxFlowElement') collectCode(node.children as RootContent[], into);
  }
}
