import type { Root as MdastRoot, RootContent, PhrasingContent, BlockContent, Paragraph } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { directiveToMarkdown } from 'mdast-util-directive';
import { twinHandlers } from './twin-text';

/**
 * How twins are written: CommonMark + GFM tables, `-` bullets, fenced code, `_emphasis_`; a
 * directive that is no admonition (an error of its page, reported) is written back as written.
 * Text and inline code are written by `twinHandlers`: the same output, less work.
 */
const extensions = { extensions: [gfmToMarkdown(), directiveToMarkdown()] };
export const TWIN_MARKDOWN: ToMarkdownOptions = { ...extensions, handlers: twinHandlers(extensions), bullet: '-', fences: true, emphasis: '_', rule: '-', listItemIndent: 'one' };

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
type Node = RootContent;

const attribute = (node: Jsx, name: string): string | undefined => {
  const a = node.attributes.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};

const ADMONITION_LABELS: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', caution: 'Caution', danger: 'Danger' };

const strong = (text: string): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value: text }] });

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference', 'image', 'imageReference', 'break', 'footnoteReference']);

/**
 * Flow content from a component's children: runs of inline nodes (a component written on one line,
 * `<Card>Text</Card>`) become paragraphs, or the whole page would be written as one line.
 */
function asBlocks(nodes: readonly Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (!PHRASING.has(node.type)) out.push(node);
    else {
      const last = out.at(-1);
      if (last?.type === 'paragraph' && (last as Paragraph & { open?: boolean }).open) last.children.push(node as PhrasingContent);
      else out.push({ type: 'paragraph', children: [node as PhrasingContent], open: true } as Paragraph);
    }
  }
  for (const node of out) delete (node as { open?: boolean }).open;
  return out;
}

/** A component as the plain Markdown that says the same: callouts as quotes, tabs and cards as labelled blocks. */
function plainComponent(node: MdxJsxFlowElement): Node[] {
  return asBlocks(componentNodes(node));
}

function componentNodes(node: MdxJsxFlowElement): Node[] {
  const children = asBlocks(plainChildren(node.children as Node[]));
  switch (node.name) {
    case 'Admonition': {
      const type = attribute(node, 'type') ?? 'note';
      const label = attribute(node, 'title') ?? ADMONITION_LABELS[type] ?? type;
      const blocks = children as BlockContent[];
      const first = blocks[0];
      // "> **Note:** text" when the callout starts with a paragraph, else the label on its own line.
      if (first?.type === 'paragraph') return [{ type: 'blockquote', children: [{ ...first, children: [strong(`${label}:`), { type: 'text', value: ' ' }, ...first.children] }, ...blocks.slice(1)] }];
      return [{ type: 'blockquote', children: [{ type: 'paragraph', children: [strong(`${label}:`)] }, ...blocks] }];
    }
    case 'TabItem': {
      const label = attribute(node, 'label') ?? attribute(node, 'value');
      return label ? [{ type: 'paragraph', children: [strong(label)] }, ...children] : children;
    }
    case 'Card': {
      const title = attribute(node, 'title') ?? '';
      const href = attribute(node, 'href');
      const head: PhrasingContent = href ? { type: 'link', url: href, children: [strong(title)] } : strong(title);
      const [first, ...rest] = children;
      if (first?.type === 'paragraph') return [{ type: 'paragraph', children: [head, { type: 'text', value: ': ' }, ...first.children] }, ...rest];
      return [{ type: 'paragraph', children: [head] }, ...children];
    }
    case 'img': {
      const src = attribute(node, 'src');
      return src ? [{ type: 'paragraph', children: [{ type: 'image', url: src, alt: attribute(node, 'alt') ?? '' }] }] : [];
    }
    default:
      // Tabs, CardGrid, Steps and HTML wrappers: their content is the Markdown.
      return children;
  }
}

/** Inline components and tags: their text content (an `<img>` as an image, a `<br>` as a break). */
function plainInline(node: MdxJsxTextElement): PhrasingContent[] {
  if (node.name === 'br') return [{ type: 'break' }];
  if (node.name === 'img') {
    const src = attribute(node, 'src');
    return src ? [{ type: 'image', url: src, alt: attribute(node, 'alt') ?? '' }] : [];
  }
  const href = node.name === 'a' ? attribute(node, 'href') : undefined;
  const children = plainChildren(node.children as Node[]) as PhrasingContent[];
  if (href) return [{ type: 'link', url: href, children }];
  if (node.name === 'code') return [{ type: 'inlineCode', value: children.map((c) => ('value' in c ? c.value : '')).join('') }];
  return children;
}

function plainChildren(nodes: readonly Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.type === 'mdxJsxFlowElement') out.push(...plainComponent(node));
    else if (node.type === 'mdxJsxTextElement') out.push(...(plainInline(node) as Node[]));
    else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression' || node.type === 'mdxjsEsm' || node.type === 'html') continue;
    else if ('children' in node) out.push({ ...node, children: plainChildren(node.children as Node[]) } as Node);
    else out.push(node);
  }
  // A paragraph left empty (it held only a removed tag) says nothing.
  return out.filter((n) => n.type !== 'paragraph' || (n as Paragraph).children.length > 0);
}

/**
 * A content page's body as plain Markdown for readers and AI agents: the compiled tree (includes
 * and `{{variables}}` expanded, links resolved to routes) with every component turned into the
 * Markdown that says the same. Pure: the tree is not changed.
 */
export function markdownBody(tree: MdastRoot): string {
  return toMarkdown({ type: 'root', children: asBlocks(plainChildren(tree.children)) }, TWIN_MARKDOWN).replace(/\n{3,}/g, '\n\n');
}

/** A page's twin: `# Title`, the description as a quote, then the body (which may bring its own `# H1`). */
export function twinDocument({ title, description }: { title: string; description?: string }, body: string): string {
  if (/^# /.test(body)) return body.endsWith('\n') ? body : `${body}\n`;
  return `# ${title}\n\n${description ? `> ${description.replace(/\s+/g, ' ')}\n\n` : ''}${body.trim()}\n`;
}
