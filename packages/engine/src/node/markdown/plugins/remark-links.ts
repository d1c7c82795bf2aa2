import fs from 'node:fs';
import path from 'node:path';
import type { Root, Nodes } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostic';
import { isExternalHref, routeForFile, safeDecode, splitHref } from '../../../shared/routes';
import { fileOf } from './source-file';

/** A link out of a page, with the place it was written. */
export interface LinkRef {
  /** The href as emitted (route plus `#hash`). */
  href: string;
  route: string;
  hash: string;
  file: string;
  line?: number;
  column?: number;
  /**
   * For a link written in the site config (a redirect target): its key path there, turned into a
   * line only when the link is reported, so a clean build never parses the config.
   */
  configPath?: PropertyKey[];
}

export interface AssetRef {
  source: string;
  /** Public URL, decided by the emitter's hashing (`/assets/name.hash.ext`). */
  url: string;
}

interface LinkContext {
  file: string;
  route: string;
  contentPath: string;
  assetUrl: (source: string) => string;
}

/**
 * Rewrites relative links to `.md`/`.mdx` files (and bare relative paths) to clean routes, relative
 * images to hashed asset URLs, and records every internal link with its position for `check`.
 */
export function remarkLinks(tree: Root, ctx: LinkContext): { links: LinkRef[]; assets: AssetRef[]; diagnostics: Diagnostic[] } {
  const links: LinkRef[] = [];
  const assets: AssetRef[] = [];
  const diagnostics: Diagnostic[] = [];
  const record = (node: Nodes, href: string): string => {
    const file = fileOf(node, ctx.file);
    if (!href || isExternalHref(href)) return href;
    const { path: target, hash } = splitHref(href);
    let route: string;
    if (!target) route = ctx.route;
    else if (target.startsWith('/')) route = target.length > 1 ? target.replace(/\/$/, '') : '/';
    else if (/\.mdx?$/.test(target)) {
      const absolute = path.resolve(path.dirname(file), safeDecode(target));
      route = routeForFile(path.relative(ctx.contentPath, absolute));
    } else {
      // Like `./x.mdx`: relative to the folder of the file the link is written in.
      const folder = path.relative(ctx.contentPath, path.dirname(file)).split(path.sep).join('/');
      route = safeDecode(new URL(target, `http://x/${folder ? `${folder}/` : ''}`).pathname).replace(/\/$/, '') || '/';
    }
    const emitted = route + (hash ? `#${encodeURIComponent(hash).replace(/%2F/g, '/')}` : '');
    links.push({ href: emitted, route, hash, file, line: node.position?.start.line, column: node.position?.start.column });
    return emitted;
  };
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      node.url = record(node, node.url);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const element = node as MdxJsxFlowElement | MdxJsxTextElement;
      for (const attribute of element.attributes) {
        if (attribute.type === 'mdxJsxAttribute' && (attribute.name === 'href' || attribute.name === 'to') && typeof attribute.value === 'string') {
          attribute.value = record(node, attribute.value);
        }
      }
    } else if (node.type === 'image' && node.url && !isExternalHref(node.url) && !node.url.startsWith('/')) {
      const file = fileOf(node, ctx.file);
      const source = path.resolve(path.dirname(file), safeDecode(node.url.split(/[?#]/)[0]!));
      if (!fs.existsSync(source)) {
        diagnostics.push(diagnostic('MissingImage', `image not found: ${node.url}`, { file, line: node.position?.start.line, column: node.position?.start.column }));
      } else {
        const url = ctx.assetUrl(source);
        assets.push({ source, url });
        node.url = url;
        // An SVG's own size lets the browser reserve its box before it loads (no layout shift).
        const size = source.endsWith('.svg') ? svgSize(fs.readFileSync(source, 'utf8').slice(0, 2000)) : null;
        if (size) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, width: size.width, height: size.height } };
      }
    }
  });
  return { links, assets, diagnostics };
}

/** Width and height of an SVG from its root element's attributes or its viewBox. */
export function svgSize(head: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!root) return null;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(root)?.[1];
  const width = Number.parseFloat(attr('width') ?? '');
  const height = Number.parseFloat(attr('height') ?? '');
  if (width > 0 && height > 0 && !/%/.test(`${attr('width')}${attr('height')}`)) return { width, height };
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  return box && box.length === 4 && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : null;
}
