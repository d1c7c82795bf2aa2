import { fromMarkdown, type Extension as MdastExtension } from 'mdast-util-from-markdown';
import { combineExtensions } from 'micromark-util-combine-extensions';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import type { Root, Text } from 'mdast';
import { CONTINUE, EXIT, SKIP, visit } from './walk';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { SourceMap, type Replacement } from './source-map';

/*
 * The parsers: what remark-parse with remark-mdx, remark-gfm and remark-directive does (the parse
 * worker runs exactly that, and a unit test holds the two to the same tree), with two costs taken
 * out. micromark merges its extensions' constructs on every call: here they are merged once. And
 * GFM's transform for the literal autolinks the tokenizer leaves in text (`&amp;www.x.com`,
 * `a\@b.co`) runs four regular expressions, each walking the whole tree: here one walk first asks
 * whether any text could hold one.
 */

/** Text that could hold a literal autolink: every pattern of the GFM transform needs one of these. */
const AUTOLINK_CANDIDATE = /@|www\.|https?:\/\//i;

/** Whether some text outside a link holds an autolink candidate (the transform skips links too). */
function mayHoldLiteralAutolinks(tree: Root): boolean {
  let found = false;
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'linkReference') return SKIP;
    if (node.type !== 'text' || !AUTOLINK_CANDIDATE.test((node as Text).value)) return CONTINUE;
    found = true;
    return EXIT;
  });
  return found;
}

const literalAutolinks = gfmAutolinkLiteralFromMarkdown().transforms ?? [];

/** GFM's tree extensions, the literal-autolink transform run only where it could find something. */
const gfmTreeExtensions = (): MdastExtension[] =>
  gfmFromMarkdown().map((extension) => ({
    ...extension,
    transforms: extension.transforms?.map((transform) => (literalAutolinks.includes(transform) ? (tree: Root) => (mayHoldLiteralAutolinks(tree) ? transform(tree) : undefined) : transform)),
  }));

const parserOptions = (mdx: boolean) => ({
  extensions: [combineExtensions([...(mdx ? [mdxjs()] : []), gfm(), directive()])],
  mdastExtensions: [...(mdx ? [mdxFromMarkdown()] : []), ...gfmTreeExtensions(), directiveFromMarkdown()],
});
const mdxOptions = parserOptions(true);
const mdOptions = parserOptions(false);

interface PointLike { line?: number; column?: number; start?: { line?: number; column?: number } }

/** What a parser error carries (a VFileMessage, or its plain copy sent back by the parse worker). */
export interface ParseErrorLike { reason?: string; message: string; place?: PointLike; line?: number; column?: number }

/** The parser chosen by the file's extension: MDX for `.mdx`, CommonMark + GFM for anything else. */
export const isMdx = (file: string): boolean => file.endsWith('.mdx');

/** A syntax error thrown by micromark as an MdxSyntax diagnostic at the place it names. */
export function syntaxDiagnostic(e: ParseErrorLike, file: string): Diagnostic {
  let place: { line?: number; column?: number } = e.place?.start ?? e.place ?? e;
  if (place.line === undefined) {
    // some micromark errors (an unclosed tag at the end of the file) only name the place in the text
    const m = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(e.reason ?? e.message);
    if (m) place = { line: Number(m[1]), column: Number(m[2]) };
  }
  return diagnostic('MdxSyntax', `MDX syntax error: ${e.reason ?? e.message}`, { file, line: place.line, column: place.column }, {
    hint: 'in MDX, `{`, `}` and `<` in prose must be escaped or put in backticks',
  });
}

/** Parses MDX (`.mdx`) or CommonMark + GFM (`.md`) into mdast; a syntax error becomes a positioned diagnostic. */
export function parseMarkdown(source: string, file: string): { tree: Root | null; diagnostics: Diagnostic[] } {
  try {
    return { tree: fromMarkdown(source, isMdx(file) ? mdxOptions : mdOptions), diagnostics: [] };
  } catch (error) {
    return { tree: null, diagnostics: [syntaxDiagnostic(error as ParseErrorLike, file)] };
  }
}

const VARIABLE = /\{\{\s*([A-Za-z][\w]*(?:\.[\w]+)+)\s*\}\}/g;

/**
 * Replaces `{{provider.name}}`-style variables from the config before parsing. Only names under
 * `provider.` and `site.` are variables; an unknown one of those is an error, anything else is left as is.
 * `map` leads positions in the substituted text back to the file.
 */
export function substituteVariables(source: string, variables: Record<string, string>, file: string): { text: string; diagnostics: Diagnostic[]; map: SourceMap } {
  const diagnostics: Diagnostic[] = [];
  const replacements: Replacement[] = [];
  let shift = 0;
  const text = source.replace(VARIABLE, (whole, name: string, offset: number) => {
    if (name in variables) {
      const value = variables[name]!;
      replacements.push({ from: offset, to: offset + whole.length, textFrom: offset + shift, textTo: offset + shift + value.length });
      shift += value.length - whole.length;
      return value;
    }
    if (name.startsWith('provider.') || name.startsWith('site.')) {
      const before = source.slice(0, offset);
      diagnostics.push(
        diagnostic('UnknownVariable', `unknown variable {{${name}}}`, { file, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }, {
          hint: `known: ${Object.keys(variables).map((v) => `{{${v}}}`).join(', ')}`,
        }),
      );
    }
    return whole;
  });
  return { text, diagnostics, map: new SourceMap(source, text, replacements) };
}
