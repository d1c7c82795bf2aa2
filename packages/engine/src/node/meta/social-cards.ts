import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PageNode } from '../../shared/page';
import type { SiteData } from '../../shared/site';
import { hasCard, socialCardUrlFor } from '../../shared/agent-files';
import type { PageGraph } from '../graph/page-graph';
import type { DirCache } from '../cache/dir-cache';

/** Open Graph's recommended size. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The portal's brand: the orange of the favicon and announcement, on white, in Inter. */
const BRAND = { accent: '#c2410c', ink: '#1c1e21', muted: '#525860', paper: '#ffffff', tint: '#fff7ed' };

const require = createRequire(import.meta.url);

interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

let fonts: CardFont[] | undefined;
/** Inter from @fontsource/inter (WOFF: satori reads TTF, OTF and WOFF, not WOFF2), read once per process. */
function cardFonts(): CardFont[] {
  fonts ??= ([400, 700] as const).map((weight) => ({ name: 'Inter', weight, style: 'normal' as const, data: fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)) }));
  return fonts;
}

/**
 * Bump when the card's design (cardTree) changes. Cards are keyed by this, the versions of the
 * libraries that draw them and their text, not by docsgen's whole code: a change elsewhere in the
 * engine keeps every card (each costs about 0.1 s to make again).
 */
const CARD_DESIGN = 'card-1';

let engineKey: string | undefined;
function cardEngine(): string {
  const version = (name: string) => (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  engineKey ??= [CARD_DESIGN, ...['satori', '@resvg/resvg-js', '@fontsource/inter'].map((n) => `${n}@${version(n)}`)].join(' ');
  return engineKey;
}

/** What a card shows. */
export interface CardText {
  title: string;
  section: string;
  brand: string;
  host: string;
}

const titleCase = (segment: string) => segment.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The card of a page: its title, its section (the top breadcrumb, or the API reference), the site. Pure. */
export function cardText(site: SiteData, page: PageNode): CardText {
  const first = page.route.split('/')[1] ?? '';
  const section = page.kind === 'home' ? site.tagline : page.kind.startsWith('api-') ? 'API reference' : page.breadcrumbs[0]?.label ?? (first && page.route.split('/').length > 2 ? titleCase(first) : site.title);
  return { title: page.kind === 'home' ? site.title : page.title, section, brand: [site.provider?.name, site.title].filter(Boolean).join(' '), host: site.url.replace(/^https?:\/\//, '') };
}

/** A satori element (the React element shape, without React). */
interface CardNode {
  type: string;
  props: { style: Record<string, string | number>; children?: Array<CardNode | string> | CardNode | string };
}
const el = (type: string, style: CardNode['props']['style'], ...children: Array<CardNode | string>): CardNode => ({ type, props: { style, children: children.length === 1 ? children[0] : children } });

function cardTree({ title, section, brand, host }: CardText): CardNode {
  const size = title.length > 70 ? 52 : title.length > 40 ? 62 : 76;
  return el('div', { width: CARD_WIDTH, height: CARD_HEIGHT, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '64px 80px 56px 72px', background: BRAND.paper, borderLeft: `24px solid ${BRAND.accent}`, fontFamily: 'Inter' },
    el('div', { display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 700, color: BRAND.accent },
      el('div', { display: 'flex', padding: '8px 20px', borderRadius: 999, background: BRAND.tint }, section.slice(0, 60))),
    el('div', { display: 'flex', fontSize: size, fontWeight: 700, color: BRAND.ink, lineHeight: 1.12, letterSpacing: -1, maxHeight: size * 1.12 * 3, overflow: 'hidden' }, title),
    el('div', { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: BRAND.muted },
      el('div', { display: 'flex', fontWeight: 700, color: BRAND.ink }, brand),
      el('div', { display: 'flex' }, host)));
}

/** Lays a card out as SVG with satori (JavaScript, on this thread). */
async function cardSvg(text: CardText): Promise<string> {
  const { default: satori } = await import('satori');
  // satori's types want a ReactNode; it reads the same { type, props } shape.
  return satori(cardTree(text) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: cardFonts() });
}

/** Rasterises a card's SVG to PNG with resvg on the libuv pool, so the next card's layout runs meanwhile. */
async function cardPng(svg: string): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js');
  return (await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
}

/** Renders one card to PNG. */
export async function renderCard(text: CardText): Promise<Buffer> {
  return cardPng(await cardSvg(text));
}

/**
 * The social card (og:image) of every page a reader can share, as output path → PNG. A card is
 * made only when its text (or docsgen) changed since it was cached: the cache holds PNGs (base64)
 * by card text, so a warm build copies them and a changed title renders one card.
 */
export async function socialCards({ graph, site, cache }: { graph: PageGraph; site: SiteData; cache: DirCache<string> }): Promise<{ files: Map<string, Buffer>; made: number }> {
  const files = new Map<string, Buffer>();
  const keys: string[] = [];
  let made = 0;
  if (!site.socialCards) {
    cache.retain([]);
    return { files, made };
  }
  const engine = cardEngine();
  const pending: Array<Promise<void>> = [];
  for (const route of graph.routes) {
    const page = graph.pages[route]!;
    if (!hasCard(page.kind)) continue;
    const text = cardText(site, page);
    const key = JSON.stringify([engine, text]);
    const file = socialCardUrlFor(route).slice(1);
    keys.push(key);
    const cached = cache.get(key);
    if (cached) {
      files.set(file, Buffer.from(cached, 'base64'));
      continue;
    }
    made++;
    // Layout of this card overlaps the rasterising of the previous ones (at most two in flight).
    const svg = await cardSvg(text);
    pending.push(cardPng(svg).then((png) => {
      cache.set(key, png.toString('base64'));
      files.set(file, png);
    }));
    if (pending.length >= 2) await pending.shift();
  }
  await Promise.all(pending);
  cache.retain(keys);
  return { files, made };
}
