import type { Element, ElementContent, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { ALLOWED_HTML_TAGS } from '../markdown/plugins/remark-validate-content';

/**
 * What content HTML may contain once it leaves the page's own React render (the Atom feed): the
 * elements Markdown makes plus the plain HTML tags content may use (`ALLOWED_HTML_TAGS`, the same
 * list the content check enforces); no script, style, event handler, form control or `javascript:`
 * URL. A component tag is unwrapped (its text stays), a `<script>` or `<style>` dropped whole.
 */
export const CONTENT_SCHEMA: Schema = {
  ...defaultSchema,
  // Heading ids are the page's anchors: keep them as they are (a feed entry links to them).
  clobber: [],
  clobberPrefix: '',
  tagNames: [...new Set([...(defaultSchema.tagNames ?? []).filter((t) => t !== 'input'), ...ALLOWED_HTML_TAGS, 'figure', 'figcaption', 'aside', 'nav'])],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'id'],
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: [['className', /^language-./]],
    abbr: ['title'],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'] },
  strip: ['script', 'style', 'template', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed'],
};

/**
 * `tree` as a reader outside the site sees it: links and image sources made absolute against
 * `base` (a feed reader has no page URL to resolve `/guide` against), then the allowlist applied.
 * Pure: returns a new tree.
 */
export function sanitizeContent(tree: Root, base: string): Root {
  const absolute = (node: ElementContent): ElementContent => {
    if (node.type !== 'element') return node;
    const properties = { ...node.properties };
    for (const key of ['href', 'src'] as const) {
      const value = properties[key];
      if (typeof value !== 'string') continue;
      try {
        properties[key] = new URL(value.trim(), base).href;
      } catch {
        delete properties[key];
      }
    }
    return { ...node, properties, children: node.children.map(absolute) } satisfies Element;
  };
  const children = tree.children.filter((c): c is ElementContent => c.type !== 'doctype').map(absolute);
  return sanitize({ type: 'root', children }, CONTENT_SCHEMA) as Root;
}
