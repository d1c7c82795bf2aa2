import fs from 'node:fs';
import path from 'node:path';
import type { Root, Nodes, Image, Definition } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from '../walk';
import { diagnostic, type Diagnostic, type Place } from '../../../shared/diagnostic';
import { isExternalHref, routeForFile, safeDecode, splitHref, unsafeScheme } from '../../../shared/routes';
import { fileOf } from './source-file';
import type { SiteBoundary } from '../../fs/boundary';
import type { LinkRef } from '../../../shared/page';

// LinkRef lives in shared/ because templates read it through PageNode; re-exported for old importers.
export type { LinkRef };

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
  /** The site's file boundary: an image must be inside the site. */
  boundary?: SiteBoundary;
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
    const unsafe = unsafeLinkProblem(href, { file, line: node.position?.start.line, column: node.position?.start.column });
    if (unsafe) diagnostics.push(unsafe);
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
  /** A relative image: checked, copied as a hashed asset, and its URL rewritten to it. */
  const image = (node: Image | Definition) => {
    const file = fileOf(node, ctx.file);
    const at = { file, line: node.position?.start.line, column: node.position?.start.column };
    const source = path.resolve(path.dirname(file), safeDecode(node.url.split(/[?#]/)[0]!));
    const outside = ctx.boundary?.check(source, `the image ${node.url}`, at);
    if (outside) diagnostics.push(outside);
    else if (!fs.existsSync(source) || !fs.statSync(source).isFile()) diagnostics.push(diagnostic('MissingImage', `image not found: ${node.url}`, at));
    else {
      const url = ctx.assetUrl(source);
      assets.push({ source, url });
      node.url = url;
      // An SVG's own size lets the browser reserve its box before it loads (no layout shift).
      const size = node.type === 'image' && source.endsWith('.svg') ? svgSize(fs.readFileSync(source, 'utf8').slice(0, 2000)) : null;
      if (size) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, width: size.width, height: size.height } };
    }
  };
  // Definitions that images use (`![x][ref]` … `[ref]: ./flow.svg`) are images, not links.
  const imageDefinitions = new Set<string>();
  visit(tree, 'imageReference', (node) => void imageDefinitions.add(node.identifier));
  visit(tree, (node) => {
    const isImage = node.type === 'image' || (node.type === 'definition' && imageDefinitions.has(node.identifier));
    if (isImage) {
      const target = node as Image | Definition;
      // A site path (`/img/logo.svg`) must be a file of the site: checked like a link, where it is written.
      if (target.url && !isExternalHref(target.url)) {
        if (target.url.startsWith('/')) {
          record(target, target.url);
          links[links.length - 1]!.image = true;
        }
        else image(target);
      }
    } else if (node.type === 'link' || node.type === 'definition') {
      node.url = record(node, node.url);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const element = node as MdxJsxFlowElement | MdxJsxTextElement;
      for (const attribute of element.attributes) {
        if (attribute.type === 'mdxJsxAttribute' && (attribute.name === 'href' || attribute.name === 'to') && typeof attribute.value === 'string') {
          attribute.value = record(node, attribute.value);
        }
      }
    }
  });
  return { links, assets, diagnostics };
}

/**
 * The problem with a link to a `javascript:`, `vbscript:` or `data:` URL, placed at `at`; null for
 * any other link. A function `at` is called only for such a link (placing may cost a parse).
 */
export function unsafeLinkProblem(href: string, at: Place): Diagnostic | null {
  const scheme = unsafeScheme(href);
  if (!scheme) return null;
  const shown = href.length > 60 ? `${href.slice(0, 57)}...` : href;
  return diagnostic('UnsafeLink', `a link to a ${scheme}: URL ("${shown}") would run on the site's origin; browsers block it, so readers get a dead link`, at, { hint: 'link to a page of the site or to an https:// address' });
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
