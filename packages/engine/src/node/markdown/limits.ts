import type { Node, Parent } from 'unist';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';

/**
 * Content comes from outside (pull requests), so no file may make a build crash or hang. The
 * largest page of the portal is about 40 KB; a page of over a megabyte is a mistake, not a page.
 */
export const MAX_FILE_BYTES = 1024 * 1024;

/*
 * How long parsing may take. micromark's time is linear in the size of ordinary text but grows
 * faster than the size on markup that stays open: thousands of unmatched `*`, `~` or `[` in one
 * paragraph, or quotes and lists repeated through the file (measured: 16,000 `~a` took 5 s at
 * 32 KB; a 1 MB table took 16 s). No limit on one pattern can cover every such shape, and the
 * parse cannot be stopped on this thread, so:
 *  - a page that is small and has little markup is parsed here: its cost is bounded by its size
 *    and its markup count, which the limits below keep to a fraction of a second;
 *  - any other page is parsed on a worker thread with a deadline and stopped when it runs over;
 *  - a tree of more than MAX_TREE_NODES nodes is refused, which bounds every stage after parsing.
 */

/** Largest text parsed on the build's own thread (the portal's largest page is 41 KB). */
export const INLINE_PARSE_MAX_BYTES = 64 * 1024;

/**
 * Most markup characters (and lines) parsed on the build's own thread: the quadratic worst cases
 * need thousands of delimiters, and the portal's pages have at most about 3,500.
 */
export const INLINE_PARSE_MAX_MARKUP = 6000;

/** Longest a parse on the worker may run; the fixture site around it builds in about a second. */
export const PARSE_DEADLINE_MS = 2000;

/**
 * Most nodes in one page's Markdown tree: every later stage (transforms, HTML, highlighting,
 * rendering, search) is linear in it. The portal's fullest page has under 500.
 */
export const MAX_TREE_NODES = 50_000;

/**
 * Most image openers (`![`) parsed on the build's own thread: images may hold images, and open
 * ones cost more than any other delimiter (2,000 nested took 4 s at 18 KB). The portal has one a page.
 */
export const INLINE_PARSE_MAX_IMAGES = 200;

/** Characters that start or end a Markdown, GFM, directive or MDX construct, and line ends. */
const MARKUP = /[*_~[\]!<>|&`:\\{}#=+\-@\n]/g;
const IMAGE = /!\[/g;

/** Whether a pattern occurs more than `max` times in the text, stopping at the first one past. */
function occursMoreThan(text: string, pattern: RegExp, max: number): boolean {
  let count = 0;
  for (const _ of text.matchAll(pattern)) if (++count > max) return true;
  return false;
}

/**
 * Whether a text is cheap enough to parse on this thread: small, with few markup characters and
 * image openers. Code blocks are not skipped: where a fence really ends is the parser's business,
 * and a scan that guessed wrong would let hostile markup through unbounded. A wrong "no" costs
 * only the worker's startup.
 */
export function parsesInline(text: string): boolean {
  return text.length <= INLINE_PARSE_MAX_BYTES && !occursMoreThan(text, IMAGE, INLINE_PARSE_MAX_IMAGES) && !occursMoreThan(text, MARKUP, INLINE_PARSE_MAX_MARKUP);
}

/** ParseTimeout, at the top of the file: there is no better place to point at. */
export function parseTimeout(file: string): Diagnostic {
  return diagnostic('ParseTimeout', `reading this page's Markdown took longer than ${PARSE_DEADLINE_MS / 1000} s, so it was stopped`, { file, line: 1, column: 1 }, {
    hint: 'split the page; thousands of unclosed `*`, `_`, `~` or `[`, very long tables or lists, or quotes repeated many times are slow to read',
  });
}

/** PageTooComplex at the node that passes MAX_TREE_NODES. */
export function tooManyNodes(file: string, at: { line?: number; column?: number } | null): Diagnostic {
  return diagnostic('PageTooComplex', `the page has more than ${MAX_TREE_NODES.toLocaleString('en')} Markdown elements (paragraphs, list items, table cells, links, runs of text); it passes the limit here`, { file, line: at?.line, column: at?.column }, {
    hint: 'split it into several pages',
  });
}

/** The first node past MAX_TREE_NODES in document order, without recursion; null when the tree is within it. */
export function checkTreeSize(tree: Node, file: string): Diagnostic | null {
  const stack: Node[] = [tree];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (++count > MAX_TREE_NODES) return tooManyNodes(file, node.position?.start ?? null);
    const children = (node as Partial<Parent>).children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/**
 * Deepest nesting of lists, quotes, admonitions and components the author may write. micromark's time grows
 * with depth × size on nested lists (1,000 levels took 30 s to parse), and the tree stages
 * recurse (5,000 quotes overflowed the stack); docs nest 4–5 levels.
 */
export const MAX_NESTING = 32;

/** Deepest parsed tree accepted: every source level adds at most two nodes (list, item) plus inline ones. */
export const MAX_TREE_DEPTH = 2 * MAX_NESTING + 16;

const FENCE = /^(`{3,}|~{3,})/;
const QUOTE = /^>[ \t]?/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
/** Code spans (single backticks: a linear pattern, content is untrusted), blanked before looking for tags. */
const CODE_SPAN = /`[^`]*`/g;
/** A directive container's opening fence (`:::note`, `::::tabs{…}`) and a closing one (`:::`). */
const CONTAINER_OPEN = /^:{3,}[ \t]*[A-Za-z]/;
const CONTAINER_CLOSE = /^:{3,}[ \t]*$/;
/** An opening tag (`<Card`, `<div`), a closing one (`</Card`) or a self-closing end (`/>`). */
const TAG = /<\/|<[A-Za-z]|\/>/g;

function tooDeep(file: string, line: number, column: number, depth: number): Diagnostic {
  return diagnostic('NestingTooDeep', `lists, quotes, admonitions and components are nested more than ${MAX_NESTING} levels deep here (${depth})`, { file, line, column }, {
    hint: 'flatten the structure; deeper nesting is not supported',
  });
}

function leadingWidth(line: string): number {
  let width = 0;
  for (const c of line) {
    if (c === ' ') width++;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** Tracks fenced code blocks, whose lines are not markup. */
class FenceTracker {
  private open: string | null = null;

  get inside(): boolean {
    return this.open !== null;
  }

  /** Inside a block: whether this line (any container prefix is skipped) closes it. */
  closes(line: string): void {
    const rest = line.replace(/^[ \t>]*/, '');
    const fence = FENCE.exec(rest)?.[1];
    if (fence && fence[0] === this.open![0] && fence.length >= this.open!.length && rest.trim() === fence) this.open = null;
  }

  /** Outside a block: whether the line (container markers removed) opens one. */
  opens(rest: string): boolean {
    this.open = FENCE.exec(rest)?.[1] ?? null;
    return this.open !== null;
  }
}

/**
 * A cheap, linear estimate of the nesting depth of every line, run before micromark so that deep
 * input never reaches the parser: list items open by indentation (a stack of content columns),
 * quotes count per line, every open directive container (`:::note`) adds a level, and in MDX
 * every unclosed tag adds a level. It errs towards less depth
 * (lazy lines, tags in odd places), and the parsed tree is checked again after parsing.
 */
export function scanNesting(source: string, file: string, mdx: boolean): Diagnostic | null {
  const items: number[] = [];
  const fences = new FenceTracker();
  let tags = 0;
  let containers = 0;
  let lineNumber = 0;
  for (const line of source.split('\n')) {
    lineNumber++;
    if (fences.inside) {
      fences.closes(line);
      continue;
    }
    if (!line.trim()) continue;
    const indent = leadingWidth(line);
    while (items.length > 0 && items.at(-1)! > indent) items.pop();
    let rest = line.slice(line.length - line.trimStart().length);
    let column = line.length - rest.length + 1;
    let quotes = 0;
    for (;;) {
      const quote = QUOTE.exec(rest);
      const marker = quote ? null : LIST_MARKER.exec(rest);
      const match = quote ?? marker;
      if (!match) break;
      if (marker) items.push(column - 1 + match[0].length);
      else quotes++;
      if (items.length + quotes + containers + tags > MAX_NESTING) return tooDeep(file, lineNumber, column, items.length + quotes + containers + tags);
      const after = rest.slice(match[0].length);
      const trimmed = after.trimStart();
      column += rest.length - trimmed.length;
      rest = trimmed;
    }
    if (CONTAINER_OPEN.test(rest)) {
      containers++;
      if (items.length + quotes + containers + tags > MAX_NESTING) return tooDeep(file, lineNumber, column, items.length + quotes + containers + tags);
    } else if (CONTAINER_CLOSE.test(rest)) containers = Math.max(0, containers - 1);
    if (fences.opens(rest) || !mdx) continue;
    for (const tag of rest.replace(CODE_SPAN, (span) => ' '.repeat(span.length)).matchAll(TAG)) {
      const opens = tag[0][0] === '<' && tag[0][1] !== '/';
      tags = Math.max(0, tags + (opens ? 1 : -1));
      if (items.length + quotes + containers + tags > MAX_NESTING) return tooDeep(file, lineNumber, column + (tag.index ?? 0), items.length + quotes + containers + tags);
    }
  }
  return null;
}

/**
 * The first node deeper than MAX_TREE_DEPTH, found without recursion: the safety net for nesting
 * the line scan cannot see (inline markup, odd mixes), before any recursive stage meets the tree.
 */
export function checkTreeDepth(tree: Node, file: string): Diagnostic | null {
  const stack: Array<[Node, number]> = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_TREE_DEPTH) {
      return diagnostic('NestingTooDeep', `the content is nested more than ${MAX_TREE_DEPTH} levels deep here`, { file, line: node.position?.start.line, column: node.position?.start.column }, {
        hint: 'flatten the structure; deeper nesting is not supported',
      });
    }
    for (const child of (node as Partial<Parent>).children ?? []) stack.push([child, depth + 1]);
  }
  return null;
}

/** FileTooLarge when a file is over MAX_FILE_BYTES. */
export function checkFileSize(bytes: number, file: string): Diagnostic | null {
  if (bytes <= MAX_FILE_BYTES) return null;
  return diagnostic('FileTooLarge', `the file is ${(bytes / 1024 / 1024).toFixed(1)} MB; content files may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`, { file, line: 1, column: 1 }, {
    hint: 'split it into several pages',
  });
}
