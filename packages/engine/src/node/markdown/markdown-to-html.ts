import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import type { Root as HastRoot } from 'hast';
import { toHast } from 'mdast-util-to-hast';
import type { Heading } from '../../shared/page';
import { remarkHeadings } from './plugins/remark-headings';
import { highlightCode } from './compile-page';
import type { CodeHighlighter } from './highlight';

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
}

/**
 * Renders Markdown texts (OpenAPI descriptions) the way content pages render: heading ids, code
 * highlighted into the theme's code block with its copy button, the theme's heading anchors.
 * Highlighting is asynchronous, so texts are rendered up front with `prepare`; `html` and
 * `headings` then answer synchronously (each distinct text is rendered once).
 */
export class MarkdownRenderer {
  private readonly rendered = new Map<string, RenderedMarkdown>();

  constructor(private readonly options: MarkdownRendererOptions) {}

  async prepare(texts: Iterable<string>): Promise<void> {
    const pending = [...new Set(texts)].filter((t) => !this.rendered.has(t));
    const results = await Promise.all(pending.map((text) => this.render(text)));
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

  private async render(text: string): Promise<RenderedMarkdown> {
    const tree = commonMark.parse(text);
    const { headings } = remarkHeadings(tree, this.options.reservedIds);
    const hast = toHast(tree) as HastRoot;
    await highlightCode(hast, this.options.highlighter);
    return { html: this.options.renderTree(hast).trim(), headings };
  }
}
