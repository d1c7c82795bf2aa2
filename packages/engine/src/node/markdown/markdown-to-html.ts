import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import type { Root as HastRoot, Element } from 'hast';
import type { Node } from 'unist';
import type { Definition, Link } from 'mdast';
import { visit } from './walk';
import { unsafeLinkProblem } from './plugins/remark-links';
import { toHast } from 'mdast-util-to-hast';
import type { Heading } from '../../shared/page';
import { remarkHeadings } from './plugins/remark-headings';
import { plainParagraph } from './plain-paragraph';
import { highlightCode } from './compile-page';
import type { CodeHighlighter } from './highlight';
import type { Diagnostic, SourcePosition } from '../../shared/diagnostic';
import { hasPlugins, runRehypePlugins, runRemarkPlugins, type UserPlugins } from './user-plugins';

/** CommonMark + GFM, no MDX, no raw HTML: what OpenAPI descriptions are written in. */
const commonMark = unified().use(remarkParse).use(remarkGfm).freeze();
const plainProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

/** Drops the wrapping paragraph of a one-paragraph text (for table cells and one-liners). */
function unwrapParagraph(html: string): string {
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]!.includes('<p>') ? single[1]! : html;
}

/**
 * CommonMark + GFM to an HTML string, without highlighting or heading ids (for texts that are
 * not part of a page, such as the Atom feed). `inline` drops the wrapping paragraph.
 */
export function markdownToHtml(text: string, inline = false): string {
  const html = String(plainProcessor.processSync(text)).trim();
  return inline ? unwrapParagraph(html) : html;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

export interface MarkdownRendererOptions {
  highlighter: CodeHighlighter;
  /** Turns finished hast into HTML through the theme's components (headings, code blocks). */
  renderTree: (tree: HastRoot) => string;
  /** Ids the surrounding page already uses; description headings are numbered around them. */
  reservedIds?: readonly string[];
  /** The site's remark and rehype plugins, run on every text as on content pages. */
  plugins?: UserPlugins;
  /** The file the texts come from (the spec): what plugins see as `file.path`. */
  file?: string;
}

/**
 * Renders Markdown texts (OpenAPI descriptions) the way content pages render: heading ids, code
 * highlighted into the theme's code block with its copy button, the theme's heading anchors.
 * Highlighting is asynchronous, so texts are rendered up front with `prepare`; `html` and
 * `headings` then answer synchronously (each distinct text is rendered once).
 */
export class MarkdownRenderer {
  private readonly rendered = new Map<string, RenderedMarkdown>();
  /** Plugin failures met by `prepare`, each placed by its `where`. */
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly options: MarkdownRendererOptions) {}

  /** `where` places a text in its file, for a plugin that fails on it. */
  async prepare(texts: Iterable<string>, where: (text: string) => SourcePosition = () => ({ file: this.options.file ?? '' })): Promise<void> {
    const pending = [...new Set(texts)].filter((t) => !this.rendered.has(t));
    const results = await Promise.all(pending.map((text) => this.render(text, where)));
    pending.forEach((text, i) => this.rendered.set(text, results[i]!));
  }

  html(text: string, inline = false): string {
    const html = this.get(text).html;
    return inline ? unwrapParagraph(html) : html;
  }

  headings(text: string): Heading[] {
    return this.get(text).headings;
  }

  private get(text: string): RenderedMarkdown {
    let done = this.rendered.get(text);
    if (!done) {
      // Not prepared: still correct, only without highlighting (no text of the spec lands here).
      done = { html: markdownToHtml(text), headings: [] };
      this.rendered.set(text, done);
    }
    return done;
  }

  private async render(text: string, where: (text: string) => SourcePosition): Promise<RenderedMarkdown> {
    const { plugins } = this.options;
    // The shortcut skips the parser, so it would skip the plugins too: only taken without them.
    const plain = hasPlugins(plugins) ? null : plainParagraph(text);
    // A link that would run script is the spec author's problem, placed at the description (only
    // then: placing it may parse the whole spec again, for its positions).
    const unsafe = (tree: Node) => {
      for (const href of linkTargets(tree)) {
        const problem = unsafeLinkProblem(href, () => where(text));
        if (problem) this.diagnostics.push(problem);
      }
    };
    if (plain) {
      unsafe(plain);
      return { html: this.options.renderTree(plain).trim(), headings: [] };
    }
    const file = this.options.file ?? '';
    const fail = (problem: Diagnostic): RenderedMarkdown => {
      // Positions inside a description are not positions in the spec: point at the description.
      this.diagnostics.push({ ...problem, ...where(text) });
      return { html: '', headings: [] };
    };
    const remarked = await runRemarkPlugins(plugins, commonMark.parse(text), file, 'a description in the OpenAPI document');
    if ('problem' in remarked) return fail(remarked.problem);
    unsafe(remarked.tree);
    const { headings } = remarkHeadings(remarked.tree, this.options.reservedIds);
    const rehyped = await runRehypePlugins(plugins, toHast(remarked.tree) as HastRoot, file, 'a description in the OpenAPI document');
    if ('problem' in rehyped) return fail(rehyped.problem);
    await highlightCode(rehyped.tree, this.options.highlighter);
    return { html: this.options.renderTree(rehyped.tree).trim(), headings };
  }
}

/** The targets of the links of a tree: mdast links and definitions, or hast `<a>` (the shortcut's tree). */
function linkTargets(tree: Node): string[] {
  const found: string[] = [];
  visit(tree, (node) => {
    const href = node.type === 'link' || node.type === 'definition' ? (node as Link | Definition).url : node.type === 'element' && (node as Element).tagName === 'a' ? String((node as Element).properties.href ?? '') : null;
    if (href !== null) found.push(href);
  });
  return found;
}
