import type { Root, Nodes } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from '../walk';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';
import { fileOf } from './source-file';

/** Plain HTML tags that content may use besides the registered components. */
export const ALLOWED_HTML_TAGS = new Set(['kbd', 'br', 'sup', 'sub', 'details', 'summary', 'abbr', 'mark', 'small', 'span', 'div', 'figure', 'figcaption']);

/**
 * Content is data: rejects ESM, JS expressions, expression attributes and tags that are neither a
 * registered component nor an allowed HTML tag. Reports every problem; changes nothing.
 */
export function remarkValidateContent(tree: Root, file: string, components: ReadonlySet<string>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (node: Nodes) => ({ file: fileOf(node, file), line: node.position?.start.line, column: node.position?.start.column });
  visit(tree, (node) => {
    switch (node.type) {
      case 'mdxjsEsm':
        problems.push(diagnostic('EsmInContent', 'import and export are not allowed in content', at(node), { hint: 'components are available without imports; see the authoring guide' }));
        return 'skip';
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        problems.push(diagnostic('ExpressionInContent', `JavaScript expression {${node.value.slice(0, 30)}} is not allowed in content`, at(node), { hint: 'write literal braces as \\{ and \\}, or put the text in backticks' }));
        return 'skip';
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        checkElement(node, at(node), components, problems);
        return undefined;
      default:
        return undefined;
    }
  });
  return problems;
}

function checkElement(node: MdxJsxFlowElement | MdxJsxTextElement, where: { file: string; line?: number; column?: number }, components: ReadonlySet<string>, problems: Diagnostic[]): void {
  const name = node.name ?? '';
  if (!name) {
    problems.push(diagnostic('UnknownComponent', 'fragments <>…</> are not allowed in content', where));
    return;
  }
  if (!components.has(name) && !ALLOWED_HTML_TAGS.has(name)) {
    problems.push(diagnostic('UnknownComponent', `unknown component <${name}>`, where, { hint: `available: ${[...components].sort().join(', ')}` }));
  }
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      problems.push(diagnostic('ExpressionInContent', `spread attributes are not allowed in <${name}>`, where));
    } else if (attribute.name === 'style') {
      problems.push(diagnostic('StyleInContent', `the style attribute of <${name}> is not applied: the site's Content-Security-Policy allows no inline styles`, where, { hint: 'style it from the theme\'s stylesheet (templates/styles.css), or use a component' }));
    } else if (attribute.value !== null && attribute.value !== undefined && typeof attribute.value !== 'string') {
      problems.push(diagnostic('ExpressionInContent', `attribute ${attribute.name} of <${name}> must be a plain string, not an expression`, where, { hint: `write ${attribute.name}="…"` }));
    }
  }
}
