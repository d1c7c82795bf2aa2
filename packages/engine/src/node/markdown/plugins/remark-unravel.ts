import type { Paragraph, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from '../walk';

/** Whether a paragraph holds only JSX elements and white space (at least one element). */
function onlyJsx(paragraph: Paragraph): boolean {
  let elements = 0;
  for (const child of paragraph.children) {
    if (child.type === 'mdxJsxTextElement') elements++;
    else if (!(child.type === 'text' && /^\s*$/.test(child.value))) return false;
  }
  return elements > 0;
}

/**
 * As MDX's own compiler does: a paragraph made only of JSX elements (`<TabItem …>Mac</TabItem>` on
 * one line, or several `<Card>`s on consecutive lines) is replaced by those elements as blocks, so
 * components see their items as children instead of one paragraph around them.
 */
export function remarkUnravel(tree: Root): void {
  visit(tree, 'paragraph', (node: Paragraph, index, parent: Parent | undefined) => {
    if (!parent || index === undefined || !onlyJsx(node)) return undefined;
    const blocks = node.children
      .filter((child) => child.type === 'mdxJsxTextElement')
      .map((child) => ({ ...child, type: 'mdxJsxFlowElement' }) as MdxJsxFlowElement);
    parent.children.splice(index, 1, ...(blocks as RootContent[]));
    return index + blocks.length;
  });
}
