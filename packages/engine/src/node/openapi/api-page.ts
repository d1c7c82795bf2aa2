import type { SourcePosition } from '../../shared/diagnostic';
import type { Heading } from '../../shared/page';
import type { ExtraPage } from '../graph/page-graph';
import type { LinkRef } from '../markdown/plugins/remark-links';

/*
 * The small pieces every page of the API reference is made of: its slug, its headings, the links
 * its descriptions hold and the graph page itself.
 */

export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();

/** Anchor of a tag's section on `/api`. */
export const tagAnchor = (name: string) => `tag-${kebab(name)}`;

export const heading = (id: string, text: string, depth = 2): Heading => ({ id, text, depth });

/** Collects internal links written in description HTML, for `check` (located only when there are some). */
export function linksIn(html: string | undefined, file: string, pointer: string): LinkRef[] {
  const found = html ? [...html.matchAll(/href="(\/[^"#]*)(?:#([^"]*))?"/g)] : [];
  return found.map((m) => ({ href: m[0].slice(6, -1), route: m[1]!, hash: m[2] ?? '', file, specPointer: pointer }));
}

export interface ApiPageFields {
  route: string;
  title: string;
  description: string;
  headings: Heading[];
  data: unknown;
  kind: ExtraPage['kind'];
  links: LinkRef[];
  sidebarLabel?: string;
}

/** A graph page made from the spec `file`: the spec is its source and its only dependency. */
export function apiPage(file: string, { route, title, description, headings, data, kind, links, sidebarLabel = title }: ApiPageFields): ExtraPage {
  return {
    route, kind, title, description, sourceFile: file, contentFile: null, headings, toc: headings.filter((h) => h.depth <= 3), anchors: headings.map((h) => h.id), links,
    sidebarLabel, hideToc: false, codeSamples: [], dependencies: [file], data,
  };
}
