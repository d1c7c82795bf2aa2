import type { Root, Paragraph, Text, PhrasingContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit, SKIP } from '../walk';
import { toString } from 'mdast-util-to-string';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';

/**
 * Text and leaf directives (`:name` in prose, `::name` on a line, which authors rarely mean) are
 * turned back into the text they came from. Run on each file's own tree right after parsing, while
 * offsets still index `source` (the text the parser saw, variables substituted).
 */
export function restoreTextDirectives(tree: Root, source: string): void {
  visit(tree, (node, index, parent) => {
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return undefined;
    if (!parent || index === undefined) return undefined;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const raw = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}${toString(node)}`;
    const text: Text = { type: 'text', value: raw, position: node.position };
    const replacement: PhrasingContent | Paragraph = node.type === 'leafDirective' ? { type: 'paragraph', children: [text] } : text;
    parent.children.splice(index, 1, replacement as never);
    return SKIP;
  });
}

/** A closing fence line, after any blockquote markers or list indentation it sits in. */
const CLOSING_FENCE = /^[ \t>]*:{3,}[ \t]*$/;

/**
 * Whether a container directive was closed by its own `:::` line. An unclosed one runs to the end
 * of whatever holds it, so its last line is not a fence, or its last child ends where it ends
 * (the fence belonged to a container inside it).
 */
function isClosed(node: ContainerDirective, source: string): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return true;
  const raw = source.slice(start, end);
  const lastLine = raw.slice(raw.lastIndexOf('\n') + 1);
  if (!raw.includes('\n') || !CLOSING_FENCE.test(lastLine)) return false;
  const last = node.children.at(-1);
  return last?.position?.end.offset === undefined || last.position.end.offset < end;
}

/**
 * Reports `:::note` containers that were never closed: micromark lets them run silently to the end
 * of the file, swallowing every heading after them. The container still renders as parsed.
 */
export function checkUnclosedContainers(tree: Root, file: string, source: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(tree, 'containerDirective', (node: ContainerDirective) => {
    if (isClosed(node, source)) return;
    const where = { file, line: node.position?.start.line, column: node.position?.start.column };
    problems.push(diagnostic('UnclosedAdmonition', `":::${node.name}" is never closed: it takes in everything after it, to the end of the file (or of the list or quote it is in)`, where, { hint: 'end it with a line of three colons, :::' }));
  });
  return problems;
}
