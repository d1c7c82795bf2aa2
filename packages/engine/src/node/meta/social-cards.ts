import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { PageNode } from '../../shared/page';
import type { SiteData } from '../../shared/site';
import { hasCard, socialCardUrlFor } from '../../shared/agent-files';
import type { PageGraph } from '../graph/page-graph';
import type { DirCache } from '../cache/dir-cache';
import { WORKER_LIMITS } from '../workers/engine-worker';
import { encodePng, pngOf } from './png';

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
 * Bump when the card's design (cardTree) or its encoding (png.ts) changes. Cards are keyed by this, the versions of the
 * libraries that draw them and their text, not by docsgen's whole code: a change elsewhere in the
 * engine keeps every card (each costs about 0.1 s to make again).
 */
const CARD_DESIGN = 'card-3';

/** A package's package.json, also where its `exports` do not list it (@resvg/resvg-wasm): found above its entry. */
function packageJson(name: string): string {
  try {
    return require.resolve(`${name}/package.json`);
  } catch {
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === name) return file;
    }
    throw new Error(`no package.json found for ${name}`);
  }
}

let engineKey: string | undefined;
function cardEngine(): string {
  const version = (name: string) => (JSON.parse(fs.readFileSync(packageJson(name), 'utf8')) as { version: string }).version;
  engineKey ??= [CARD_DESIGN, ...['satori', '@resvg/resvg-wasm', '@fontsource/inter'].map((n) => `${n}@${version(n)}`)].join(' ');
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

/** The width of the accent bar down the card's left edge. */
const ACCENT_BAR = 24;

/**
 * The card's layout. Nothing in it makes satori write a clip path or a mask: resvg draws each of
 * those as a layer the size of the card and blends it back, which tripled the time a card took to
 * rasterise. So the accent bar is an element of its own rather than a border (satori clips a
 * border), and a title longer than three lines ends in an ellipsis (line-clamp) rather than being
 * cut off by `overflow: hidden`, which also clipped the edges of its glyphs.
 */
function cardTree({ title, section, brand, host }: CardText): CardNode {
  const size = title.length > 70 ? 52 : title.length > 40 ? 62 : 76;
  return el('div', { width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', background: BRAND.paper, fontFamily: 'Inter' },
    el('div', { width: ACCENT_BAR, height: CARD_HEIGHT, background: BRAND.accent }),
    el('div', { width: CARD_WIDTH - ACCENT_BAR, height: CARD_HEIGHT, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '64px 80px 56px 72px' },
      el('div', { display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 700, color: BRAND.accent },
        el('div', { display: 'flex', padding: '8px 20px', borderRadius: 999, background: BRAND.tint }, section.slice(0, 60))),
      el('div', { display: 'block', fontSize: size, fontWeight: 700, color: BRAND.ink, lineHeight: 1.12, letterSpacing: -1, lineClamp: 3 }, title),
      el('div', { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: BRAND.muted },
        el('div', { display: 'flex', fontWeight: 700, color: BRAND.ink }, brand),
        el('div', { display: 'flex' }, host))));
}

/** Lays a card out as SVG with satori (JavaScript, on this thread). */
export async function cardSvg(text: CardText): Promise<string> {
  const { default: satori } = await import('satori');
  // satori's types want a ReactNode; it reads the same { type, props } shape.
  return satori(cardTree(text) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: cardFonts() });
}

/** resvg compiled to WebAssembly, started once per thread. */
let resvg: Promise<typeof import('@resvg/resvg-wasm')> | null = null;
const loadResvg = () =>
  (resvg ??= import('@resvg/resvg-wasm').then(async (module) => {
    await module.initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    return module;
  }));

/**
 * Rasterises a card's SVG with resvg's WebAssembly build and encodes its pixels with `encodePng`
 * (resvg's own encoder only for pixels that are not opaque): the pixmap is freed as soon as the
 * PNG is encoded. The native build (@resvg/resvg-js 2.6.2, the same renderer and the same bytes)
 * never gave a card's 3 MB pixmap back, even after garbage collection.
 */
async function cardPng(svg: string): Promise<Buffer> {
  const { Resvg } = await loadResvg();
  const renderer = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  const image = renderer.render();
  try {
    return pngOf(image.pixels, image.width, image.height) ?? Buffer.from(image.asPng());
  } finally {
    image.free();
    renderer.free();
  }
}

/** Renders one card to PNG on this thread. */
export async function renderCard(text: CardText): Promise<Buffer> {
  return cardPng(await cardSvg(text));
}

/**
 * The card worker's whole program (plain JavaScript: no TypeScript loader): satori lays each card
 * out and resvg (WebAssembly) rasterises it, one after another, while the build's own thread
 * renders pages. Each card's pixmap is freed once its PNG is encoded, so the worker's memory stays
 * flat however many cards it makes.
 */
const CARD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
const encodePng = ${encodePng.toString()};
const { createRequire } = require('node:module');
const load = createRequire(workerData.base);
const { Resvg, initWasm } = load('@resvg/resvg-wasm');
Promise.all([import(workerData.satori), initWasm(fs.readFileSync(load.resolve('@resvg/resvg-wasm/index_bg.wasm')))]).then(([{ default: satori }]) => {
  const fonts = workerData.fonts.map((f) => ({ ...f, data: Buffer.from(f.data) }));
  let queue = Promise.resolve();
  parentPort.on('message', ({ id, tree }) => {
    queue = queue.then(async () => {
      try {
        const svg = await satori(tree, { width: workerData.width, height: workerData.height, fonts });
        const renderer = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
        const image = renderer.render();
        const png = encodePng(zlib, image.pixels, image.width, image.height) || image.asPng();
        image.free();
        renderer.free();
        // sent by moving its memory, which must then be the PNG's alone (not a pool's)
        const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : new Uint8Array(png);
        parentPort.postMessage({ id, png: own }, [own.buffer]);
      } catch (error) {
        parentPort.postMessage({ id, error: String((error && error.message) || error) });
      }
    });
  });
}, (error) => parentPort.postMessage({ id: -1, error: String(error && error.message) }));
`;

interface CardJob {
  id: number;
  text: CardText;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * Makes cards on a worker thread: the build's thread only posts each card's layout tree and goes
 * on rendering pages, so on two cores the cards cost little wall time. Any failure of the worker
 * (it cannot start, a library throws) makes the remaining cards on this thread instead, with the
 * same libraries and output.
 */
class CardWorker {
  private worker: Worker | null = null;
  private readonly sent = new Map<number, CardJob>();
  private next = 0;
  private broken = false;

  render(text: CardText): Promise<Buffer> {
    if (this.broken) return renderCard(text);
    return new Promise<Buffer>((resolve, reject) => {
      const job = { id: this.next++, text, resolve, reject };
      try {
        const worker = this.start();
        this.sent.set(job.id, job);
        worker.ref(); // keeps the process alive while a card is on its way
        worker.postMessage({ id: job.id, tree: cardTree(text) });
      } catch {
        this.sent.set(job.id, job);
        this.fallBack();
      }
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const workerData = { base: import.meta.url, satori: import.meta.resolve('satori'), width: CARD_WIDTH, height: CARD_HEIGHT, fonts: cardFonts().map((f) => ({ ...f, data: new Uint8Array(f.data) })) };
    const worker = new Worker(CARD_WORKER, { eval: true, workerData, resourceLimits: WORKER_LIMITS });
    worker.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
      const job = this.sent.get(m.id);
      if (!job) return this.fallBack(); // the worker could not load its libraries
      this.sent.delete(m.id);
      if (m.png) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else renderCard(job.text).then(job.resolve, job.reject);
      if (!this.sent.size) worker.unref(); // idle: never what keeps a finished build running
    });
    worker.on('error', () => this.fallBack());
    worker.on('exit', () => this.fallBack());
    this.worker = worker;
    return worker;
  }

  /** Cards still waiting are made on this thread. */
  private fallBack(): void {
    if (this.broken) return;
    this.broken = true;
    void this.worker?.terminate();
    for (const job of this.sent.values()) renderCard(job.text).then(job.resolve, job.reject);
    this.sent.clear();
  }

  close(): void {
    this.broken = true;
    void this.worker?.terminate();
  }
}

/**
 * The social card (og:image) of every page a reader can share, as output path → PNG. A card is
 * made only when its text (or docsgen) changed since it was cached: the cache holds PNGs (base64)
 * by card text, so a warm build copies them and a changed title renders one card. Call it before
 * rendering the pages and await it after: the new cards are made on a worker thread meanwhile.
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
  // One worker per core the main thread leaves, up to two: the cards are most of what is left once
  // the pages are rendered. On two cores a second worker made the build no faster (the three threads
  // share two cores: the pages render slower) and kept 40-80 MiB more resident through four stages.
  const workers = Array.from({ length: Math.max(1, Math.min(2, os.availableParallelism() - 1)) }, () => new CardWorker());
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
    pending.push(workers[made % workers.length]!.render(text).then((png) => {
      cache.set(key, png.toString('base64'));
      files.set(file, png);
    }));
  }
  try {
    await Promise.all(pending);
  } finally {
    for (const worker of workers) worker.close();
  }
  cache.retain(keys);
  // In route order, whatever order the cards were finished in.
  return { files: new Map([...files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))), made };
}
