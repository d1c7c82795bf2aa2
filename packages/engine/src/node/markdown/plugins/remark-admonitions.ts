import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from '../walk';
import { toString } from 'mdast-util-to-string';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';
import { fileOf } from './source-file';
import { restoreTextDirectives } from './remark-directives';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;

/**
 * `:::warning[Title]` containers become `<Admonition type title>` JSX nodes. Text and leaf
 * directives left in the tree (compilePage restores them per file at parse time) are turned back
 * into the text they came from.
 */
export function remarkAdmonitions(tree: Root, file: string, source: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  restoreTextDirectives(tree, source);
  visit(tree, (node) => {
    if (node.type !== 'containerDirective') return;
    const container = node as ContainerDirective;
    if (!(ADMONITION_TYPES as readonly string[]).includes(container.name)) {
      problems.push(diagnostic('UnknownAdmonition', `unknown admonition ":::${container.name}"`, { file: fileOf(node, file), line: node.position?.start.line, column: node.position?.start.column }, { hint: `use one of ${ADMONITION_TYPES.join(', ')}` }));
      return;
    }
    let title = '';
    const [first, ...rest] = container.children;
    let children = container.children;
    if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
      title = toString(first);
      children = rest;
    }
    const attributes = [{ type: 'mdxJsxAttribute' as const, name: 'type', value: container.name }];
    if (title) attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: title });
    Object.assign(container, { type: 'mdxJsxFlowElement', name: 'Admonition', attributes, children });
    return undefined;
  });
  return problems;
}
