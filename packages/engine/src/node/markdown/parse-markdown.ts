import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import { SourceMap, type Replacement } from './source-map';

const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).freeze();
const mdParser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();

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
  const parser = isMdx(file) ? mdxParser : mdParser;
  try {
    return { tree: parser.parse(source), diagnostics: [] };
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
