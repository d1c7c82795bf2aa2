import fs from 'node:fs';
import path from 'node:path';
import type { Root as MdastRoot, Code, PhrasingContent } from 'mdast';
import type { Root as HastRoot, Element, ElementContent } from 'hast';
import { toHast } from 'mdast-util-to-hast';
import { visit } from './walk';
import { diagnostic, type Diagnostic } from '../../shared/diagnostic';
import type { CodeSample, Heading } from '../../shared/page';
import type { Frontmatter } from '../crawl/frontmatter';
import { linearListHandlers } from './list-items';
import { remarkAdmonitions } from './plugins/remark-admonitions';
import { remarkCodeTabs } from './plugins/remark-code-tabs';
import { remarkHeadings } from './plugins/remark-headings';
import { remarkLinks, type AssetRef, type LinkRef } from './plugins/remark-links';
import { fileOf, setSourceFile } from './plugins/source-file';
import type { CodeBlockInfo, CodeHighlighter } from './highlight';
import type { SiteBoundary } from '../fs/boundary';
import { parsePage, parsePartial, unreadable, type ParsedSource } from './parse-source';
import type { SourceRead } from './read-source';
import { markdownBody } from './markdown-twin';
import { runRehypePlugins, runRemarkPlugins, type UserPlugins } from './user-plugins';

// CodeSample lives in shared/ because templates read it through PageNode; re-exported for old importers.
export type { CodeSample };
export type { ParsedSource };

/** Everything the page compiler needs that is the same for every page of a build. */
export interface CompileContext {
  contentPath: string;
  variables: Record<string, string>;
  components: ReadonlySet<string>;
  codeLanguages: readonly string[];
  highlighter: CodeHighlighter;
  /** Where a content page asks for its code blocks without waiting for them; without, they are awaited. */
  codeBlocks?: BlockRequests;
  assetUrl: (source: string) => string;
  /**
   * Partials parsed in this build, by file: a partial included by several pages is parsed once and
   * each page gets its own copy. Reused only while the file's text is unchanged.
   */
  partials?: Map<string, { text: string; parsed: ParsedSource }>;
  /** The site's file boundary: includes and images must be inside the site. */
  boundary?: SiteBoundary;
  /** The site's remark and rehype plugins (`remarkPlugins` / `rehypePlugins` in the config). */
  plugins?: UserPlugins;
  /** Ids the theme's layout uses on every page: headings never get them. */
  reservedIds?: readonly string[];
}

export interface CompiledPage {
  file: string;
  route: string;
  frontmatter: Frontmatter;
  /** The first `# H1` of a Markdown page, used as its title when frontmatter has none. */
  firstH1: string | null;
  headings: Heading[];
  links: LinkRef[];
  assets: AssetRef[];
  codeSamples: CodeSample[];
  /** Files whose change affects this page (itself and every partial it includes). */
  dependencies: string[];
  /** The keys of its code blocks, whose HTML is filled in when it renders (`BlockRequests`). */
  codeBlocks: string[];
  /** Plain text of the page for search and descriptions. */
  hast: HastRoot | null;
  /** The page's body as plain Markdown (`markdownBody`): its Markdown twin without the title. */
  markdown: string;
  diagnostics: Diagnostic[];
}

/**
 * What an `<Include>` written inside a paragraph stands for: a one-paragraph partial's text, inline
 * (as an MDX component there renders inline); null when the partial has block content.
 */
function inlineContent(tree: MdastRoot): PhrasingContent[] | null {
  const [only, ...more] = tree.children;
  return only?.type === 'paragraph' && more.length === 0 ? only.children : null;
}

/**
 * Replaces `<Include file="partials/x.mdx" />` with the partial's content, recursively: on a line of
 * its own with the partial's blocks, inside a paragraph with a one-paragraph partial's text.
 */
function expandIncludes(tree: MdastRoot, file: string, ctx: CompileContext, seen: string[], dependencies: Set<string>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(tree, (node, index, parent) => {
    if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'Include' || !parent || index === undefined) return undefined;
    const where = { file: fileOf(node, file), line: node.position?.start.line, column: node.position?.start.column };
    const drop = () => {
      parent.children.splice(index, 1);
      return index;
    };
    const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
    const target = typeof attr?.value === 'string' ? attr.value : '';
    const partial = path.resolve(ctx.contentPath, target.replace(/^\//, ''));
    const outside = target ? ctx.boundary?.check(partial, `the included file ${target}`, where) : null;
    if (outside) {
      problems.push(outside);
      parent.children.splice(index, 1);
      return index;
    }
    if (!target || !fs.existsSync(partial) || !fs.statSync(partial).isFile()) {
      problems.push(diagnostic('MissingInclude', target ? `included file not found: ${target}` : '<Include> needs a file="…" attribute', where, { hint: 'the path is relative to the content folder, e.g. partials/webhook.mdx' }));
      return drop();
    }
    if (seen.includes(partial)) {
      problems.push(diagnostic('IncludeCycle', `include cycle: ${[...seen, partial].map((f) => path.relative(ctx.contentPath, f)).join(' → ')}`, where));
      return drop();
    }
    dependencies.add(partial);
    const included = parsePartial(partial, ctx);
    problems.push(...included.diagnostics);
    if (!included.tree) return drop();
    problems.push(...expandIncludes(included.tree, partial, ctx, [...seen, partial], dependencies));
    visit(included.tree, (n) => {
      if (n.type !== 'root' && !(n.data as { sourceFile?: string } | undefined)?.sourceFile) setSourceFile(n, partial);
    });
    const content = node.type === 'mdxJsxTextElement' ? inlineContent(included.tree) : included.tree.children;
    if (!content) {
      problems.push(diagnostic('IncludeInParagraph', `<Include file="${target}" /> is inside a paragraph, but ${target} is not a single paragraph, so it cannot go inline`, where, {
        hint: 'put the <Include … /> on a line of its own, with blank lines around it',
      }));
      return drop();
    }
    parent.children.splice(index, 1, ...(content as typeof parent.children));
    return index + content.length;
  });
  return problems;
}

function collectCodeSamples(tree: MdastRoot, file: string): CodeSample[] {
  const samples: CodeSample[] = [];
  visit(tree, 'code', (node: Code) => {
    const match = /\boperation=("([^"]*)"|(\S+))/.exec(node.meta ?? '');
    if (match) {
      samples.push({ operation: match[2] ?? match[3]!, lang: node.lang ?? '', code: node.value, file: (node.data as { sourceFile?: string } | undefined)?.sourceFile ?? file, line: node.position?.start.line });
    }
  });
  return samples;
}

/** Asks for a code block's HTML without waiting for it (build/code-blocks.ts); returns its key. */
export interface BlockRequests {
  request(block: CodeBlockInfo): string;
}

/**
 * Turns every `pre > code` block into one `docsgen-code` element. With `requests` (a content
 * page), each block is asked for and the element keeps its key, its HTML filled in when the page
 * renders; the keys are returned. Without (Markdown in the API reference), the HTML is awaited and
 * put in the element.
 */
export async function highlightCode(tree: HastRoot, highlighter: CodeHighlighter, requests?: BlockRequests): Promise<string[]> {
  const blocks: Array<{ parent: { children: unknown[] }; index: number; pre: Element }> = [];
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName !== 'pre' || !parent || index === undefined) return;
    const code = node.children[0];
    if (code?.type === 'element' && code.tagName === 'code') blocks.push({ parent, index, pre: node });
  });
  const keys: string[] = [];
  await Promise.all(
    blocks.map(async ({ parent, index, pre }) => {
      const code = pre.children[0] as Element;
      const className = (code.properties.className as string[] | undefined) ?? [];
      const lang = className.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const meta = ((code.data as { meta?: string } | undefined)?.meta ?? '').trim();
      const text = code.children.map((c) => (c.type === 'text' ? c.value : '')).join('').replace(/\n$/, '');
      const block = { lang, meta, code: text };
      let properties: Element['properties'];
      if (requests) {
        const key = requests.request(block);
        keys.push(key);
        properties = { block: key, lang };
      } else properties = { html: await highlighter.highlight(block), lang };
      const element: Element = { type: 'element', tagName: 'docsgen-code', properties, children: [] };
      parent.children[index] = element as ElementContent;
    }),
  );
  return keys;
}

interface MdxJsxHast {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Array<{ type: string; name?: string; value?: unknown }>;
  children: ElementContent[];
  position?: Element['position'];
}

/**
 * Turns validated MDX JSX nodes into plain hast elements named after their component, so the
 * renderer maps them through the component registry (no evaluation of anything).
 */
function jsxToElements(tree: HastRoot): void {
  visit(tree, (node, index, parent) => {
    if ((node.type as string) !== 'mdxJsxFlowElement' && (node.type as string) !== 'mdxJsxTextElement') return;
    const jsx = node as unknown as MdxJsxHast;
    const properties: Element['properties'] = {};
    for (const a of jsx.attributes) if (a.type === 'mdxJsxAttribute' && a.name) properties[a.name] = typeof a.value === 'string' ? a.value : true;
    const element: Element = { type: 'element', tagName: jsx.name ?? 'div', properties, children: jsx.children, position: jsx.position };
    if (parent && index !== undefined) parent.children[index] = element;
  });
}

/**
 * Compiles one content page: frontmatter, MDX → validated, transformed mdast → hast with finished
 * code. `read` is the file as the caller read it (whose bytes also fingerprint the page).
 */
export async function compilePage(file: string, route: string, ctx: CompileContext, read: SourceRead): Promise<CompiledPage> {
  const parsed = 'problem' in read ? unreadable(read.problem, read.head, file) : parsePage(file, ctx, read.text);
  const dependencies = new Set<string>([file]);
  const result: CompiledPage = {
    file,
    route,
    frontmatter: parsed.frontmatter,
    firstH1: null,
    headings: [],
    links: [],
    assets: [],
    codeSamples: [],
    dependencies: [],
    codeBlocks: [],
    hast: null,
    markdown: '',
    diagnostics: parsed.diagnostics,
  };
  const tree = parsed.tree;
  if (!tree) return { ...result, dependencies: [...dependencies] };
  result.diagnostics.push(...expandIncludes(tree, file, ctx, [file], dependencies));
  result.diagnostics.push(...remarkAdmonitions(tree, file, parsed.source));
  result.diagnostics.push(...remarkCodeTabs(tree, file, ctx.codeLanguages));
  // The site's remark plugins see the page as docsgen understands it (includes expanded, admonitions
  // and code tabs turned into components); headings and links are collected after them, so what
  // a plugin adds gets an id and is checked like anything written by hand.
  const label = path.relative(ctx.contentPath, file);
  const remarked = await runRemarkPlugins(ctx.plugins, tree, file, label);
  if ('problem' in remarked) return failed(result, remarked.problem, dependencies);
  const mdast = remarked.tree;
  const { headings, firstH1 } = remarkHeadings(mdast, ctx.reservedIds);
  const linked = remarkLinks(mdast, { file, route, contentPath: ctx.contentPath, assetUrl: ctx.assetUrl, boundary: ctx.boundary });
  result.diagnostics.push(...linked.diagnostics);
  // Before toHast, which hands component nodes to the hast tree as they are.
  const markdown = markdownBody(mdast);
  const hast = toHast(mdast, { passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'], handlers: linearListHandlers }) as HastRoot;
  jsxToElements(hast);
  // rehype plugins get plain hast (components are elements by now) with code blocks still `pre > code`.
  const rehyped = await runRehypePlugins(ctx.plugins, hast, file, label);
  if ('problem' in rehyped) return failed(result, rehyped.problem, dependencies);
  const codeBlocks = await highlightCode(rehyped.tree, ctx.highlighter, ctx.codeBlocks);
  return {
    ...result,
    firstH1,
    headings,
    links: linked.links,
    assets: linked.assets,
    codeSamples: collectCodeSamples(mdast, file),
    dependencies: [...dependencies],
    codeBlocks,
    hast: rehyped.tree,
    markdown,
  };
}

/** A page a plugin failed on: its frontmatter and problems, no content (like a page that does not parse). */
function failed(result: CompiledPage, problem: Diagnostic, dependencies: Set<string>): CompiledPage {
  return { ...result, diagnostics: [...result.diagnostics, problem], dependencies: [...dependencies] };
}
