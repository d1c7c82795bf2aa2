import type { InlineCode, Parents, Text } from 'mdast';
import { defaultHandlers, type Handle, type Info, type Options, type State, type Unsafe } from 'mdast-util-to-markdown';

/*
 * Escaping text is most of the time a twin takes: mdast-util-to-markdown's `safe` runs every one
 * of its ~100 unsafe patterns (CommonMark, GFM, directives) over every text, one regular
 * expression scan each, and serialises each text twice when it follows another node (the
 * previous node peeks at its first character). Each pattern escapes one literal character, so a
 * pattern whose character the text does not hold cannot match: the text handler below tries only
 * the patterns whose character occurs (and that apply where it is), calls `safe` only when one of
 * them escapes a character of the text, and its peek answers without escaping when the first
 * character is none that any pattern escapes. The escaped text is the same string.
 */

interface Groups {
  /** The patterns by the code of the ASCII character they escape, in two lists: */
  anywhere: Array<Unsafe[] | undefined>;
  /** those that match only next to a line ending (at a break, or before or after `\r`/`\n`). */
  atLineEnding: Array<Unsafe[] | undefined>;
  /** The codes with patterns. */
  codes: number[];
  /** Patterns whose character is not one ASCII character (none in CommonMark, GFM and directives): always tried. */
  other: Unsafe[];
  /** Every character some pattern escapes. */
  characters: Set<string>;
}

/** Per list of patterns (each serialisation makes its own): computed once for all its texts. */
const groupsOf = new WeakMap<Unsafe[], Groups>();

/** Conditions that hold only where the text has a line ending. */
const LINE_ENDING = new Set(['[\\r\\n]', '\\r', '\\n']);
const needsLineEnding = (p: Unsafe) => Boolean(p.atBreak) || LINE_ENDING.has(p.before ?? '') || LINE_ENDING.has(p.after ?? '');

function groups(unsafe: Unsafe[]): Groups {
  let found = groupsOf.get(unsafe);
  if (!found) {
    found = { anywhere: [], atLineEnding: [], codes: [], other: [], characters: new Set(unsafe.map((p) => p.character)) };
    for (const pattern of unsafe) {
      const code = pattern.character.length === 1 ? pattern.character.charCodeAt(0) : 128;
      if (code >= 128) {
        found.other.push(pattern);
        continue;
      }
      const table = needsLineEnding(pattern) ? found.atLineEnding : found.anywhere;
      (table[code] ??= []).push(pattern);
      if (!found.codes.includes(code)) found.codes.push(code);
    }
    groupsOf.set(unsafe, found);
  }
  return found;
}

/** Which ASCII characters the value holds: `seen[code] === stamp`, a fresh stamp per value. */
const seen = new Uint32Array(128);
let stamp = 0;

/**
 * The patterns that can match in `value`: each pattern's regular expression holds its character
 * literally, and `[\r\n]` where it needs a line ending. Their order does not change what `safe`
 * escapes: it sorts the positions it finds, and merges the conditions of one position whatever
 * their order.
 */
function patternsIn(value: string, unsafe: Unsafe[]): Unsafe[] {
  const { anywhere, atLineEnding, codes, other } = groups(unsafe);
  if (++stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 128) seen[code] = stamp;
  }
  const eol = seen[10] === stamp || seen[13] === stamp;
  const out: Unsafe[] = [...other];
  for (const code of codes) {
    if (seen[code] !== stamp) continue;
    const loose = anywhere[code];
    if (loose) for (const p of loose) out.push(p);
    const bound = eol ? atLineEnding[code] : undefined;
    if (bound) for (const p of bound) out.push(p);
  }
  return out;
}

/** Whether a construct list holds one of the stack's constructs (mdast-util-to-markdown's `listInScope`). */
function listInScope(stack: readonly string[], list: Unsafe['inConstruct'], none: boolean): boolean {
  const constructs = typeof list === 'string' ? [list] : list;
  if (!constructs || constructs.length === 0) return none;
  return constructs.some((c) => stack.includes(c));
}

/** Whether `pattern` applies where the serialiser is (its `patternInScope`). */
const inScope = (stack: readonly string[], pattern: Unsafe) => listInScope(stack, pattern.inConstruct, true) && !listInScope(stack, pattern.notInConstruct, false);

/**
 * Whether `pattern` puts an escape in `value` between `start` and `end` (the text, without the
 * characters before and after it, which `safe` leaves alone); leaves the expression as `safe`
 * expects it (from the start).
 */
function escapesIn(state: State, pattern: Unsafe, value: string, start: number, end: number): boolean {
  // Anchored to a neighbouring node, or empty (autolinks): answered by `safe` itself.
  if (pattern.beforeNode || pattern.afterNode || !pattern.character) return true;
  const expression = state.compilePattern(pattern);
  const lead = Boolean(pattern.before || pattern.atBreak);
  let found = false;
  expression.lastIndex = 0;
  for (let match = expression.exec(value); match; match = expression.exec(value)) {
    const position = match.index + (lead ? match[1]!.length : 0);
    if (position >= start && position < end) {
      found = true;
      break;
    }
  }
  expression.lastIndex = 0;
  return found;
}

/**
 * mdast-util-to-markdown's text handler (`state.safe` with the neighbouring nodes), given only the
 * patterns that can match. When none escapes a character of the text and the text has no
 * backslash, `safe` would return the text as it is: so does this, without calling it.
 */
function text(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  const value = `${info.before}${node.value}${info.after}`;
  const candidates = patternsIn(value, state.unsafe).filter((p) => inScope(state.stack, p));
  const end = value.length - info.after.length;
  if (!node.value.includes('\\') && !candidates.some((p) => escapesIn(state, p, value, info.before.length, end))) return node.value;
  const siblings = parent ? parent.children : [];
  const index = state.indexStack[state.indexStack.length - 1]!;
  const config = { ...info, afterNode: siblings[index + 1], beforeNode: siblings[index - 1] };
  const all = state.unsafe;
  state.unsafe = candidates;
  try {
    return state.safe(node.value, config);
  } finally {
    state.unsafe = all;
  }
}

/**
 * The first character of the text as written (all the peek is read for): the text's own when no
 * pattern escapes that character (escaping puts `\`, `&` or `%` first, and only where a pattern's
 * character is), else the text written in full.
 */
function peek(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  const first = node.value.codePointAt(0);
  if (first !== undefined && !groups(state.unsafe).characters.has(String.fromCodePoint(first))) return node.value;
  return text(node, parent, state, info);
}

/** The `inlineCode` handler `options` configure (GFM's escapes pipes in table cells): as in `configure`, the last wins. */
function inlineCodeOf(options: Options, found: Handle = defaultHandlers.inlineCode): Handle {
  for (const extension of options.extensions ?? []) found = inlineCodeOf(extension, found);
  return options.handlers?.inlineCode ?? found;
}

/**
 * Handlers for the twins that write what `extensions` would write, faster: `text` as above, and
 * `inlineCode` trying no pattern on code without a line ending (it only looks for patterns at a
 * break: `[\r\n]` then the character), with the peek GFM's table handler lacks (inline code
 * always starts with a grave accent), so code after text is no longer written twice.
 */
export function twinHandlers(extensions: Options): Options['handlers'] {
  const handle = inlineCodeOf(extensions);
  const inlineCode = (node: InlineCode, parent: Parents | undefined, state: State, info: Info): string => {
    if (/[\r\n]/.test(node.value)) return handle(node, parent, state, info);
    const all = state.unsafe;
    state.unsafe = [];
    try {
      return handle(node, parent, state, info);
    } finally {
      state.unsafe = all;
    }
  };
  return { text: Object.assign(text, { peek }), inlineCode: Object.assign(inlineCode, { peek: () => '`' }) };
}
