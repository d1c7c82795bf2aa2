import type { Root, Code } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from '../walk';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';
import { fileOf } from './source-file';

export const CODE_LANGUAGE_LABELS: Record<string, string> = {
  curl: 'cURL',
  javascript: 'JavaScript',
  nodejs: 'Node.js',
  php: 'PHP',
  csharp: 'C#',
  go: 'Go',
};

/** Sample language → the grammar that highlights it. */
export const CODE_LANGUAGE_GRAMMARS: Record<string, string> = { curl: 'bash', nodejs: 'javascript' };

const attr = (name: string, value: string) => ({ type: 'mdxJsxAttribute' as const, name, value });

/**
 * `<CodeTabs>` holding fenced blocks in the sample languages becomes `<Tabs groupId="code-language">`
 * with one `<TabItem>` per block, in the configured language order.
 */
export function remarkCodeTabs(tree: Root, file: string, languages: readonly string[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
    if (node.name !== 'CodeTabs') return;
    const blocks: Code[] = [];
    for (const child of node.children) {
      const where = { file: fileOf(child, file), line: child.position?.start.line, column: child.position?.start.column };
      if (child.type !== 'code') {
        problems.push(diagnostic('CodeTabsContent', 'CodeTabs may only contain fenced code blocks', where));
      } else if (!child.lang || !languages.includes(child.lang)) {
        problems.push(diagnostic('CodeTabsLanguage', `CodeTabs language must be one of ${languages.join(', ')}; got "${child.lang ?? ''}"`, where));
      } else if (blocks.some((b) => b.lang === child.lang)) {
        problems.push(diagnostic('CodeTabsLanguage', `CodeTabs has two "${child.lang}" blocks`, where));
      } else {
        blocks.push(child);
      }
    }
    blocks.sort((a, b) => languages.indexOf(a.lang!) - languages.indexOf(b.lang!));
    node.name = 'Tabs';
    node.attributes = [attr('groupId', 'code-language'), attr('className', 'code-tabs')];
    node.children = blocks.map((code) => ({
      type: 'mdxJsxFlowElement',
      name: 'TabItem',
      attributes: [attr('value', code.lang!), attr('label', CODE_LANGUAGE_LABELS[code.lang!] ?? code.lang!)],
      children: [code],
    }));
  });
  return problems;
}
