import fs from 'node:fs';
import path from 'node:path';
import { diagnostic, DiagnosticError, type Diagnostic, type SourcePosition } from '../../shared/diagnostic';
import { loadConfig, CONFIG_FILE, type ConfigBundles, type ResolvedConfig } from '../config/load-config';
import { CACHE_FOLDER } from '../config/resolve-config';
import { clearConfigSources, locateInConfig } from '../graph/config-position';
import { gitLastUpdated, gitTracked } from '../graph/git-dates';
import { loadTemplates, type LoadedTemplates } from '../render/load-templates';
import { CodeHighlighter, HighlightCache, renderHere } from '../markdown/highlight';
import { HighlightPool, workersWanted } from '../workers/highlight-pool';
import { DirCache } from '../cache/dir-cache';
import { hashOf, ENGINE_CACHE_VERSION } from '../cache/cache-key';
import { cacheFolderProblem } from '../cache/cache-folder';
import { SiteBoundary } from '../fs/boundary';
import type { PageEntry } from './content';
import type { ApiEntry } from './api';
import type { ClientEntry } from './client';
import type { FontEntry, MetricsEntry } from '../font/web-font';
import type { BodyCheck } from '../check/check-samples';
import type { SpecValidation } from '../openapi/validate-spec';
import type { EmittedPage } from './render';
import type { OutputRecords } from '../emit/output-record';
import type { PageFacts } from '../check/page-facts';
import { staged, type Staged } from './stage';

/**
 * What one process remembers of a site between runs (a watch session). It is only ever a cache:
 * each entry is reused while the files it came from are unchanged, and every run reads the site
 * anew, so a rebuild after any sequence of edits equals a cold build of the same files.
 */
export interface SiteSession {
  config?: { key: string; value: ResolvedConfig };
  templates?: { key: string; value: LoadedTemplates };
  highlighter?: CodeHighlighter;
  /** The highlight worker of the session's highlighter (null: blocks render on the main thread). */
  highlightPool?: HighlightPool | null;
  /** Last commit time by file (git log, read while the content compiles). */
  lastUpdated?: Promise<Map<string, string>>;
  /** Compiled pages by file. */
  pages: Map<string, PageEntry>;
  /** What the last committed build emitted for each route (render key and facts), for watch rebuilds. */
  emitted?: ReadonlyMap<string, EmittedPage>;
  /** In-memory caches of a session built with --no-cache (the persistent ones live on disk). */
  memory?: SiteCaches;
  /**
   * The API pages' cache entries a watch session read or wrote (`DirCache.remembering`): a rebuild
   * takes the reference from here instead of reading and parsing its entries again (the portal's
   * 79 took 80-100 ms of a 350-500 ms rebuild).
   */
  apiEntries?: Map<string, ApiEntry>;
  /** A session that will build again (watch): with --no-cache it keeps rendered pages in memory. */
  watch: boolean;
}

export const newSession = (watch: boolean): SiteSession => ({ pages: new Map(), watch });

export interface SiteCaches {
  pages: DirCache<PageEntry>;
  api: DirCache<ApiEntry>;
  /** @readme/openapi-parser's verdict on the current spec, by its text. */
  specVerdicts: DirCache<SpecValidation>;
  render: DirCache<string>;
  /** What `check` needs of each rendered page's HTML, by the same keys (read instead of the HTML itself). */
  facts: DirCache<PageFacts>;
  search: DirCache<string>;
  client: DirCache<ClientEntry>;
  font: DirCache<FontEntry>;
  fontMetrics: DirCache<MetricsEntry>;
  /** Social card PNGs (base64) by card text. */
  cards: DirCache<string>;
  /** Each JSON request example's check against its operation's schema. */
  samples: DirCache<BodyCheck>;
  /** The problems of each published SVG, by its path and text. */
  svg: DirCache<Diagnostic[]>;
  /** What the last build into each output path published (emit/output-record.ts), by that path. */
  outputs: OutputRecords;
}

/** The config, theme, file boundary and caches of a site: what every stage after `config` reads. */
export interface OpenSite {
  config: ResolvedConfig;
  templates: LoadedTemplates;
  boundary: SiteBoundary;
  caches: SiteCaches;
  highlighter: CodeHighlighter;
  lastUpdated: Promise<Map<string, string>>;
}

/**
 * Checks the root, loads the config and the theme (reused from the session while their files are
 * unchanged) and opens the caches. A config or theme error comes back as diagnostics.
 */
export async function openSite(root: string, noCache: boolean, session: SiteSession): Promise<Staged<OpenSite | null>> {
  const missing = rootProblem(root);
  if (missing) return staged(null, [missing]);
  // checked on every run (a watch session reuses the config it loaded, which checked it too)
  const cacheFolder = cacheFolderProblem(root);
  if (cacheFolder) return staged(null, [cacheFolder]);
  // asked of git while the config and the theme load
  const tracked = noCache ? null : gitTracked(root, CACHE_FOLDER);
  const boundary = new SiteBoundary(root);
  let config: ResolvedConfig;
  let templates: LoadedTemplates;
  try {
    const bundles: ConfigBundles | null = noCache ? null : new DirCache(cacheFolderOf(root, 'config'));
    config = await sessionConfig(root, session, bundles);
    templates = await sessionTemplates(config, session);
  } catch (error) {
    if (error instanceof DiagnosticError) return staged(null, error.diagnostics);
    throw error;
  }
  const problems = configPathProblems(config, boundary);
  if (problems.length) return staged(null, problems);
  const committed = trackedCache(config, await tracked);
  const cacheOff = noCache || committed !== null;
  const caches = openCaches(config, cacheOff, session);
  if (!session.highlighter) {
    // Code blocks render on a worker thread when there are two cores (started by the content stage of a cold build, else on the first block to render).
    const pool = workersWanted() ? new HighlightPool(renderHere) : null;
    session.highlighter = new CodeHighlighter(new HighlightCache(cacheOff ? null : cacheFolderOf(root, 'highlight')), pool?.render, pool?.warm);
    session.highlightPool = pool;
  }
  const highlighter = session.highlighter;
  session.lastUpdated ??= gitLastUpdated(config.root);
  return staged({ config, templates, boundary, caches, highlighter, lastUpdated: session.lastUpdated }, committed ? [committed] : []);
}

/**
 * A warning when git tracks files in the cache folder, which the build then leaves alone. Its
 * entries are trusted (each is keyed by what it was made from, not checked against it), and a
 * pull request can commit any file there: an entry under the key of an unchanged page would put
 * into the output what the reviewed sources do not say. The bundles of the config and the theme
 * are always checked (fs/bundle-file.ts).
 */
function trackedCache(config: ResolvedConfig, tracked: string[] | null): Diagnostic | null {
  if (!tracked?.length) return null;
  const shown = tracked.slice(0, 3).join(', ') + (tracked.length > 3 ? `, and ${tracked.length - 3} more` : '');
  return diagnostic('CacheTracked', `git tracks ${tracked.length} file${tracked.length === 1 ? '' : 's'} in the cache folder (${shown}): this build ignores the cache`, { file: path.join(config.root, tracked[0]!) }, { hint: `git rm -r --cached ${CACHE_FOLDER}, and list ${CACHE_FOLDER}/ in .gitignore` });
}

/**
 * Why `root` cannot be a site folder, or null when it is a folder. Checked before anything else
 * (by the CLI before it starts a command): a missing folder would otherwise build, with defaults,
 * an empty site and exit 0.
 */
export function rootProblem(root: string): Diagnostic | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    return diagnostic('RootNotFound', `the site folder ${root} does not exist`, { file: root }, { hint: 'pass --root a folder holding docs-build.config.ts, content/ and specs/ (default: the current folder)' });
  }
  if (stat.isDirectory()) return null;
  return diagnostic('RootNotAFolder', `the site root ${root} is a file, not a folder`, { file: root }, { hint: `pass --root the folder that holds it${path.basename(root) === CONFIG_FILE ? ` (${path.dirname(root)})` : ''}` });
}

/**
 * The content folder and the spec the config names must be inside the site (symbolic links
 * resolved). The config is parsed for a key's position only when there is a problem to place.
 */
function configPathProblems(config: ResolvedConfig, boundary: SiteBoundary): Diagnostic[] {
  const problems = [boundary.check(config.contentPath, `contentDir "${config.contentDir}"`, () => configKeyAt(config, 'contentDir'))];
  if (config.openapiPath) problems.push(boundary.check(config.openapiPath, `openapi "${config.openapi ?? config.openapiPath}"`, () => configKeyAt(config, 'openapi')));
  return problems.filter((d): d is Diagnostic => d !== null);
}

/** Where a top-level key's value is in the config file (the file alone when it is not written there). */
export function configKeyAt(config: ResolvedConfig, key: string): SourcePosition {
  const file = config.configFile ?? path.join(config.root, CONFIG_FILE);
  return config.configFile && key in config ? { file, ...locateInConfig(config, [key]) } : { file };
}

/**
 * The config, reloaded only when its file or a file of the site it imports changed (or the site
 * has none and still has none).
 */
async function sessionConfig(root: string, session: SiteSession, bundles: ConfigBundles | null): Promise<ResolvedConfig> {
  const file = path.join(root, CONFIG_FILE);
  const keyOf = (sources: readonly string[]) => (fs.existsSync(file) ? filesKey([file, ...sources]) : 'none');
  if (session.config && session.config.key === keyOf(session.config.value.configSources)) return session.config.value;
  clearConfigSources();
  session.config = undefined;
  session.templates = undefined;
  session.lastUpdated = undefined;
  const value = await loadConfig(root, bundles);
  session.config = { key: keyOf(value.configSources), value };
  return value;
}

/** The theme, rebundled only when one of its files changed. */
async function sessionTemplates(config: ResolvedConfig, session: SiteSession): Promise<LoadedTemplates> {
  const known = session.templates;
  if (known && known.key === filesKey(known.value.inputs)) return known.value;
  const value = await loadTemplates(config);
  session.templates = { key: filesKey(value.inputs), value };
  return value;
}

/** The files' contents as one key; a file that cannot be read counts as such (never as "unchanged"). */
const filesKey = (files: string[]): string =>
  hashOf(
    ...files.map((f) => {
      try {
        return `+${fs.readFileSync(f, 'latin1')}`;
      } catch {
        return '-';
      }
    }),
  );

/** The folder of one of the site's caches (`.docsgen/v4/<name>`; the config's `cacheDir` is the site's `.docsgen/`). */
const cacheFolderOf = (root: string, name: string): string => path.join(root, CACHE_FOLDER, `v${ENGINE_CACHE_VERSION}`, name);

function openCaches(config: ResolvedConfig, noCache: boolean, session: SiteSession): SiteCaches {
  if (noCache) return (session.memory ??= memoryCaches(session.watch));
  const dir = (name: string) => cacheFolderOf(config.root, name);
  const api = new DirCache<ApiEntry>(dir('api'));
  if (session.watch) api.remembering((session.apiEntries ??= new Map()));
  // A watch session's pages carry the live-reload script, so its rendered pages and search files
  // have keys of their own: kept in folders of their own, each side keeps its entries when the
  // other prunes (a `docsgen build` after `serve --watch` rendered every page again).
  const watch = session.watch ? '-watch' : '';
  return { pages: new DirCache(dir('pages')), api, specVerdicts: new DirCache(dir('spec-verdicts')), render: new DirCache(dir(`render${watch}`), true, true), facts: new DirCache(dir(`facts${watch}`)), search: new DirCache(dir(`search${watch}`), true, true), client: new DirCache(dir('client')), font: new DirCache(dir('font')), fontMetrics: new DirCache(dir('font-metrics')), cards: new DirCache(dir('cards'), true, true), samples: new DirCache(dir('samples')), svg: new DirCache(dir('svg')), outputs: new DirCache(dir('outputs')) };
}

/**
 * A one-off build keeps no page, API page or page HTML in memory (each is made once, and streamed to
 * the page store or to disk); a watch session does, for its next rebuild.
 */
const memoryCaches = (watch: boolean): SiteCaches => ({ pages: new DirCache(null, watch), api: new DirCache(null, watch), specVerdicts: new DirCache(null, watch), render: new DirCache(null, watch, true), facts: new DirCache(null, watch), search: new DirCache(null, watch, true), client: new DirCache(null), font: new DirCache(null), fontMetrics: new DirCache(null), cards: new DirCache(null, watch, true), samples: new DirCache(null, watch), svg: new DirCache(null, watch), outputs: new DirCache(null, false) });
