import type { Root, Html } from 'mdast';
import { visit } from '../walk';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';

/** The name of the tag an HTML node opens, or null for comments, closing tags and the like. */
function openingTag(value: string): string | null {
  return /^<([A-Za-z][\w.:-]*)/.exec(value)?.[1] ?? null;
}

/**
 * In a `.md` page, components and raw HTML are CommonMark `html` nodes, which docsgen never passes
 * through (content is untrusted), so they would vanish from the page without a word. Each opening
 * tag is reported once (its closing tag is the same mistake); comments stay allowed and dropped.
 */
export function reportHtmlInMarkdown(tree: Root, file: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(tree, 'html', (node: Html) => {
    const name = openingTag(node.value.trimStart());
    if (!name) return;
    const where = { file, line: node.position?.start.line, column: node.position?.start.column };
    if (/^[A-Z]/.test(name)) {
      problems.push(diagnostic('JsxInMarkdown', `<${name}> is a component, but components work only in .mdx pages; in this .md page it would be dropped`, where, { hint: 'rename the file to .mdx' }));
    } else {
      problems.push(diagnostic('HtmlInMarkdown', `raw HTML <${name}> is not rendered in .md pages; it would be dropped`, where, { hint: 'use Markdown instead, or rename the file to .mdx, where <kbd>, <details> and the other allowed tags work' }));
    }
  });
  return problems;
}
