import type { Root as MdastRoot } from 'mdast';
import type { Diagnostic } from '../../shared/diagnostic';
import { splitFrontmatter, type Frontmatter } from '../crawl/frontmatter';
import { isMdx, parseMarkdown, substituteVariables, syntaxDiagnostic } from './parse-markdown';
import { parseInWorker } from './parse-worker';
import { remarkValidateContent } from './plugins/remark-validate-content';
import { remarkUnravel } from './plugins/remark-unravel';
import { reportHtmlInMarkdown } from './plugins/remark-markdown-html';
import { checkUnclosedContainers, restoreTextDirectives } from './plugins/remark-directives';
import { checkTreeDepth, checkTreeSize, MAX_TREE_NODES, PARSE_DEADLINE_MS, parsesInline, parseTimeout, scanNesting, tooManyNodes } from './limits';
import type { CompileContext } from './compile-page';
import { readSource } from './read-source';
import { parseLean } from './code-bodies';

/*
 * Reading and parsing one source file (page or partial) within the content limits: size, nesting,
 * a parse deadline for anything the cheap scan cannot vouch for, and the tree's size and depth.
 */

export interface ParsedSource {
  tree: MdastRoot | null;
  frontmatter: Frontmatter;
  source: string;
  diagnostics: Diagnostic[];
}

/**
 * micromark on the text, bounded in time and output (see limits.ts): here when the text is known
 * to be cheap, else on a worker with a deadline. Positions are in the text.
 */
function parseBounded(body: string, file: string): { tree: MdastRoot | null; diagnostics: Diagnostic[] } {
  if (parsesInline(body)) return parseLean(body, file) ?? parseMarkdown(body, file);
  const result = parseInWorker(body, isMdx(file), PARSE_DEADLINE_MS, MAX_TREE_NODES);
  if ('tree' in result) return { tree: result.tree, diagnostics: [] };
  if ('error' in result) return { tree: null, diagnostics: [syntaxDiagnostic(result.error, file)] };
  if ('tooMany' in result) return { tree: null, diagnostics: [tooManyNodes(file, result.tooMany)] };
  if ('timeout' in result) return { tree: null, diagnostics: [parseTimeout(file)] };
  // no worker in this environment: parse here, unbounded, rather than not at all
  return parseMarkdown(body, file);
}

/**
 * Parses the text the parser sees (variables substituted, frontmatter blanked) into a tree whose
 * positions, like every diagnostic found here, are in the text: the caller maps them to the file.
 * Input nested too deeply is stopped before the parser, which is slow and recursive on it.
 */
function parseBody(body: string, file: string): { tree: MdastRoot | null; diagnostics: Diagnostic[] } {
  const deep = scanNesting(body, file, isMdx(file));
  if (deep) return { tree: null, diagnostics: [deep] };
  const parsed = parseBounded(body, file);
  if (!parsed.tree) return parsed;
  const tooLarge = checkTreeDepth(parsed.tree, file) ?? checkTreeSize(parsed.tree, file);
  if (tooLarge) return { tree: null, diagnostics: [tooLarge] };
  restoreTextDirectives(parsed.tree, body);
  return { tree: parsed.tree, diagnostics: [...parsed.diagnostics, ...checkUnclosedContainers(parsed.tree, file, body)] };
}

/** Parses and validates one file (page or partial); every position is one in the file as written. */
export function parseSourceFile(file: string, ctx: CompileContext, text: string): ParsedSource {
  // A byte order mark is not content: left in, it hides the frontmatter. Editors do not count it as a column.
  const source = text.replace(/^\uFEFF/, '');
  const vars = substituteVariables(source, ctx.variables, file);
  const fm = splitFrontmatter(vars.text, file);
  const parsed = parseBody(fm.body, file);
  if (parsed.tree) vars.map.mapTree(parsed.tree);
  const diagnostics = [...vars.diagnostics, ...vars.map.mapDiagnostics([...fm.diagnostics, ...parsed.diagnostics])];
  if (parsed.tree) {
    remarkUnravel(parsed.tree);
    diagnostics.push(...remarkValidateContent(parsed.tree, file, ctx.components));
    if (!file.endsWith('.mdx')) diagnostics.push(...reportHtmlInMarkdown(parsed.tree, file));
  }
  return { tree: parsed.tree, frontmatter: fm.data, source: fm.body, diagnostics };
}

/** A file too large to compile: no tree, its frontmatter (so no missing title follows) and its one problem. */
export function unreadable(problem: Diagnostic, head: string, file: string): ParsedSource {
  return { tree: null, frontmatter: splitFrontmatter(head.replace(/^\uFEFF/, ''), file).data, source: '', diagnostics: [problem] };
}

/** A partial's parse, from this build's parsed partials when its text is unchanged; the tree is the caller's own copy. */
export function parsePartial(file: string, ctx: CompileContext): ParsedSource {
  const read = readSource(file);
  if ('problem' in read) return unreadable(read.problem, read.head, file);
  const { text } = read;
  let entry = ctx.partials?.get(file);
  if (!entry || entry.text !== text) {
    entry = { text, parsed: parseSourceFile(file, ctx, text) };
    ctx.partials?.set(file, entry);
  }
  return { ...entry.parsed, tree: entry.parsed.tree && structuredClone(entry.parsed.tree) };
}

/**
 * A page's parse, shared with the includes of the same file in this build. Only a failed parse is
 * kept (memory stays bounded by the page): one that ran out of time must not cost its deadline
 * twice when the page is also included. The tree is the caller's own copy.
 */
export function parsePage(file: string, ctx: CompileContext, text: string): ParsedSource {
  const known = ctx.partials?.get(file);
  if (known && known.text === text) return { ...known.parsed, tree: known.parsed.tree && structuredClone(known.parsed.tree) };
  const parsed = parseSourceFile(file, ctx, text);
  if (!parsed.tree) ctx.partials?.set(file, { text, parsed });
  return parsed;
}

