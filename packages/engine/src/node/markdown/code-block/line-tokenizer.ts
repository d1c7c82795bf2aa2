import type { GrammarState, Highlighter, ThemedToken } from 'shiki';
import { NO_TIME_LIMIT, THEME_NAME } from './shiki-highlighter';

type Lang = Parameters<Highlighter['codeToTokens']>[1]['lang'];

/** What the tokenizer remembers of a line: its tokens, and the grammar state after it (with its key). */
interface MemoLine {
  tokens: ThemedToken[];
  state: GrammarState;
  key: string;
}
const lineMemo = new Map<string, MemoLine>();
/** A long `serve --watch` session starts over past this many distinct lines. */
const LINE_MEMO_LIMIT = 100_000;

/** The parts of vscode-textmate's state stack that decide how the next line is tokenised. */
interface StackFrame {
  parent: StackFrame | null;
  ruleId: unknown;
  endRule: unknown;
  beginRuleCapturedEOL: unknown;
  nameScopesList: unknown;
  contentNameScopesList: unknown;
}

/**
 * A key that two grammar states share only when they tokenise the next line alike: per stack
 * frame the rule, its end pattern (back-references included) and its scopes, a superset of what
 * vscode-textmate compares in `StateStack.equals`. This reads vscode-textmate's private frame
 * fields through shiki's `@internal` getInternalStack, because the public API only compares two
 * states and cannot key a memo. Null when the state is not shaped as expected (another shiki or
 * vscode-textmate version): the caller then takes the public path and tokenises the whole block.
 * tests/unit/highlight.test.ts fails when the installed version no longer has these fields.
 */
export function stateKey(state: GrammarState | undefined): string | null {
  let frame = state?.getInternalStack(THEME_NAME) as StackFrame | undefined | null;
  if (!frame || typeof frame.ruleId !== 'number') return null;
  const parts: string[] = [];
  for (; frame; frame = frame.parent) parts.push(`${String(frame.ruleId)}|${String(frame.endRule)}|${String(frame.beginRuleCapturedEOL)}|${String(frame.nameScopesList)}|${String(frame.contentNameScopesList)}`);
  return parts.join('/');
}

/**
 * shiki's tokens for a block, line by line through a memo of (grammar, state before the line,
 * line) → (tokens, state after). TextMate tokenises a line from the state the previous one left,
 * so a line seen before in the same state is not tokenised again: generated samples and guides
 * repeat most of their lines (68-87 % of the sample lines per language), which made tokenising
 * them 3-4× faster. A unit test holds the result to shiki's whole-block tokens.
 */
export function tokenize(highlighter: Highlighter, grammar: string, source: string, keyOf: (state: GrammarState | undefined) => string | null = stateKey): ThemedToken[][] {
  const whole = () => highlighter.codeToTokens(source, { lang: grammar as Lang, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT }).tokens;
  if (lineMemo.size > LINE_MEMO_LIMIT) lineMemo.clear();
  const out: ThemedToken[][] = [];
  let state: GrammarState | undefined;
  let key = 'initial';
  for (const line of source.split(/\r?\n/)) {
    // shiki leaves the state as it is over an empty line.
    if (line === '') {
      out.push([]);
      continue;
    }
    const memoKey = `${grammar}\0${key}\0${line}`;
    let known = lineMemo.get(memoKey);
    if (!known) {
      const result = highlighter.codeToTokens(line, { lang: grammar as Lang, theme: THEME_NAME, tokenizeTimeLimit: NO_TIME_LIMIT, ...(state ? { grammarState: state } : {}) });
      const next = result.grammarState;
      const nextKey = keyOf(next);
      if (!next || nextKey === null) return whole(); // plain text, or a state this code cannot key
      known = { tokens: result.tokens[0] ?? [], state: next, key: nextKey };
      lineMemo.set(memoKey, known);
    }
    out.push(known.tokens);
    state = known.state;
    key = known.key;
  }
  return out;
}
