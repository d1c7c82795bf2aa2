import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

/**
 * CommonMark + GFM (no MDX, no raw HTML) to an HTML string: for descriptions inside the OpenAPI
 * document. `inline` drops the wrapping paragraph of a one-paragraph text.
 */
export function markdownToHtml(text: string, inline = false): string {
  const html = String(processor.processSync(text)).trim();
  if (inline) {
    const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
    if (single && !single[1]!.includes('<p>')) return single[1]!;
  }
  return html;
}
