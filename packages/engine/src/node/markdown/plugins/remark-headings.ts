import type { Root } from 'mdast';
import { visit } from '../walk';
import { toString } from 'mdast-util-to-string';
import GithubSlugger from 'github-slugger';
import type { Heading } from '../../../shared/page';

/**
 * Gives every heading a stable slug id (duplicates numbered: `setup`, `setup-1`) and returns them in
 * order. A leading `# H1` that repeats the title is removed (the template renders the title).
 */
export function remarkHeadings(tree: Root, reserved: readonly string[] = []): { headings: Heading[]; firstH1: string | null } {
  const slugger = new GithubSlugger();
  for (const id of reserved) slugger.slug(id);
  const headings: Heading[] = [];
  let firstH1: string | null = null;
  const first = tree.children.findIndex((n) => n.type !== 'yaml');
  if (first >= 0 && tree.children[first]!.type === 'heading' && (tree.children[first] as { depth: number }).depth === 1) {
    firstH1 = toString(tree.children[first]!);
    tree.children.splice(first, 1);
  }
  visit(tree, 'heading', (node) => {
    const text = toString(node).trim();
    const id = slugger.slug(text);
    node.data = { ...(node.data ?? {}), hProperties: { ...(node.data?.hProperties ?? {}), id } };
    headings.push({ depth: node.depth, id, text, line: node.position?.start.line });
  });
  return { headings, firstH1 };
}
